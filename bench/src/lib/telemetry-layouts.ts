/**
 * Telemetry layouts the storage benchmark compares (issue 20 scope 8), each filled from the rows of the
 * production table `telemetry` (migration 0301: one row per message, `text[]` names, `float8[]` values):
 * - `dict-real`: one row per message, pin names as a `smallint[]` of a small dictionary, values `real[]`;
 * - `hourly-real` / `hourly-double`: one row per device and hour (what a job packing each finished hour
 *   would write): the hour's pin ids once, the second of the hour of each message, and every value of
 *   the hour in one two-dimensional array [message][pin], `real` or `float8`; large rows are
 *   TOAST-compressed. The hourly layouts use the dictionary the `dict-real` layout creates.
 * - `compressed`: the production compressed history (migration 0820_telemetry_days): one row per device
 *   and Asia/Dhaka day, built by the jobs role's own statement (`telemetry_compress_day`) applied to
 *   every day of the sample, which moves the rows out of `telemetry` (so it is measured last), and read
 *   through the charts' production reader `telemetry_values_of` (migration 0840: raw rows and the
 *   pin's values of the packed days).
 * Each layout has the SQL of the power-data charts' typical read: one device, one day, one pin.
 */
import type pg from 'pg';

export interface Layout {
  name: string;
  /** The table whose size is measured (partitions included). */
  table: string;
  /** Creates and fills the table from `telemetry` (none for the production layout). */
  build?: string[];
  /** (ts, v) of pin $4 of device $1 in [$2, $3), ordered by ts. */
  read: string;
  /** The column holding the values (default `pin_values`). */
  valuesColumn?: string;
}

const PIN_ID = '(select id from tel_pin_dict where name = $4)';

export const LAYOUTS: readonly Layout[] = [
  {
    name: 'production (text[] + float8[], row per message)',
    table: 'telemetry',
    read: `select ts, pin_values[array_position(pin_names, $4::text)] as v from telemetry
            where com_id = $1 and ts >= $2 and ts < $3 order by ts`,
  },
  {
    name: 'dict smallint[] + real[], row per message',
    table: 'tel_dict',
    build: [
      `create table tel_pin_dict (id smallint primary key, name text not null unique)`,
      `insert into tel_pin_dict (id, name)
       select row_number() over (order by n), n from (select distinct unnest(pin_names) n from telemetry) x`,
      `create table tel_dict (com_id text not null, ts timestamptz not null, pin_ids smallint[] not null,
         pin_values real[] not null)`,
      `insert into tel_dict
       select t.com_id, t.ts,
              (select array_agg(d.id order by u.o) from unnest(t.pin_names) with ordinality u(n, o)
                 join tel_pin_dict d on d.name = u.n),
              t.pin_values::real[]
         from telemetry t order by t.ts, t.com_id`,
      `create index tel_dict_com_ts_idx on tel_dict (com_id, ts)`,
      `create index tel_dict_ts_brin on tel_dict using brin (ts)`,
    ],
    read: `select ts, pin_values[array_position(pin_ids, ${PIN_ID})]::float8 as v from tel_dict
            where com_id = $1 and ts >= $2 and ts < $3 order by ts`,
  },
  ...(['real', 'double'] as const).map(
    (kind): Layout => ({
      name: `hourly block ${kind === 'real' ? 'real[]' : 'float8[]'}, row per device-hour`,
      table: `tel_hour_${kind}`,
      build: [
        `create table tel_hour_${kind} (com_id text not null, hour timestamptz not null,
           pin_ids smallint[] not null, seconds smallint[] not null,
           -- [message][pin], message-major
           pin_values ${kind === 'real' ? 'real' : 'float8'}[] not null, primary key (com_id, hour))`,
        // Every message of an hour carries the same pins here; a real packer would start a new block
        // (or store the odd message apart) when the set changes.
        `insert into tel_hour_${kind}
         select t.com_id, date_trunc('hour', t.ts),
                (select array_agg(d.id order by u.o) from unnest(min(t.pin_names)) with ordinality u(n, o)
                   join tel_pin_dict d on d.name = u.n),
                array_agg(extract(epoch from t.ts - date_trunc('hour', t.ts))::smallint order by t.ts),
                array_agg(t.pin_values::${kind === 'real' ? 'real' : 'float8'}[] order by t.ts)
           from telemetry t group by t.com_id, date_trunc('hour', t.ts) order by 2, 1`,
      ],
      // The pin's column of the block in one slice: the (TOASTed) array is read once per block.
      read: `select b.hour + make_interval(secs => s.sec) as ts, s.v::float8 as v
               from tel_hour_${kind} b
               cross join lateral unnest(b.seconds, b.pin_values[:][array_position(b.pin_ids, ${PIN_ID}):array_position(b.pin_ids, ${PIN_ID})]) s(sec, v)
              where b.com_id = $1 and b.hour >= date_trunc('hour', $2::timestamptz) and b.hour < $3
                and b.hour + make_interval(secs => s.sec) >= $2 order by 1`,
    }),
  ),
  {
    name: 'compressed history (production, migrations 0820/0840): row per device-day, TOAST',
    table: 'telemetry_days',
    build: [
      `select telemetry_compress_day(d::date)
         from generate_series((select min(ts) at time zone 'Asia/Dhaka' from telemetry)::date,
                              (select max(ts) at time zone 'Asia/Dhaka' from telemetry)::date, interval '1 day') d`,
      // The emptied raw rows are vacuumed (as autovacuum does), so the read measures the packed days.
      'vacuum (analyze) telemetry',
    ],
    read: 'select ts, v from telemetry_values_of($1, array[$4::text], $2, $3) order by ts',
    valuesColumn: 'vals',
  },
];

export interface LayoutSize {
  heapBytes: number;
  toastBytes: number;
  indexBytes: number;
  totalBytes: number;
  /** Bytes of each index (the partitions' indexes summed under their parent's name). */
  indexes: Record<string, number>;
}

/** The table's leaf partitions, or the table itself when it is not partitioned. */
const LEAVES = `(select relid from pg_partition_tree($1::regclass) where isleaf
   union all select $1::regclass where not exists (select 1 from pg_partition_tree($1::regclass)))`;

/** Sizes of a table and its partitions: main fork, TOAST (with its index), indexes, total. */
export async function layoutSize(db: pg.Pool, table: string): Promise<LayoutSize> {
  const { rows } = await db.query<Record<string, string>>(
    `select coalesce(sum(pg_relation_size(c.oid)), 0) as heap,
            coalesce(sum(case when c.reltoastrelid <> 0 then pg_total_relation_size(c.reltoastrelid) else 0 end), 0) as toast,
            coalesce(sum(pg_indexes_size(c.oid)), 0) as indexes,
            coalesce(sum(pg_total_relation_size(c.oid)), 0) as total
       from ${LEAVES} p join pg_class c on c.oid = p.relid`,
    [table],
  );
  const { rows: idx } = await db.query<{ name: string; bytes: string }>(
    `select coalesce((select h.inhparent from pg_inherits h where h.inhrelid = i.indexrelid), i.indexrelid)::regclass::text as name,
            sum(pg_relation_size(i.indexrelid)) as bytes
       from ${LEAVES} p join pg_index i on i.indrelid = p.relid group by 1 order by 1`,
    [table],
  );
  const r = rows[0] ?? {};
  return {
    heapBytes: Number(r.heap),
    toastBytes: Number(r.toast),
    indexBytes: Number(r.indexes),
    totalBytes: Number(r.total),
    indexes: Object.fromEntries(idx.map((i) => [i.name, Number(i.bytes)])),
  };
}
