/**
 * Three ways of writing one ingest batch's telemetry rows (issue 20 scope 4), measured by
 * telemetry-write.ts. `current` is the statement the server used before issue 20 (per-row array
 * literals); `typed` is what apps/server/src/ingest/persist-records.ts `telemetryCtes` writes since
 * (there as CTEs of the batch statement) — keep the two in step when that one changes.
 */
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export interface TelemetryRow {
  comId: string;
  ts: Date;
  pinNames: string[];
  values: number[];
}

export type Writer = (db: pg.ClientBase, rows: readonly TelemetryRow[]) => Promise<void>;

/** A PostgreSQL array literal of strings (quoted and escaped), for a `text[]` cast. */
function textArrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** (a) The statement before issue 20: unnest of text[] / timestamptz[] and per-row array literals. */
export const currentWriter: Writer = async (db, t) => {
  await db.query(
    `insert into telemetry (com_id, ts, pin_names, pin_values)
     select c, ts, pn::text[], pv::float8[] from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[]) as u(c, ts, pn, pv)`,
    [
      t.map((r) => r.comId),
      t.map((r) => r.ts),
      t.map((r) => textArrayLiteral(r.pinNames)),
      t.map((r) => `{${r.values.join(',')}}`),
    ],
  );
};

/** Distinct pin-name sets of the rows (most messages of a fleet carry the same pins) and each row's set. */
function nameSets(t: readonly TelemetryRow[]): { sets: string[][]; index: number[] } {
  const keys = new Map<string, number>();
  const sets: string[][] = [];
  const index = t.map((r) => {
    const key = r.pinNames.join('\u0000');
    let k = keys.get(key);
    if (k === undefined) {
      k = sets.length;
      keys.set(key, k);
      sets.push(r.pinNames);
    }
    return k + 1;
  });
  return { sets, index };
}

/**
 * (c) Typed parameters, each built as one literal string (pg does no array encoding): com ids,
 * device times as epoch seconds, every value in one flat `float8[]` with each row's offset and
 * length, and the distinct pin-name sets with each row's set.
 */
export const typedWriter: Writer = async (db, t) => {
  const { sets, index } = nameSets(t);
  const offsets: number[] = [];
  let at = 0;
  for (const r of t) {
    offsets.push(at);
    at += r.values.length;
  }
  await db.query(
    `with s as (select k, n::text[] as names from unnest($6::text[]) with ordinality x(n, k)),
          v as (select $7::float8[] as a)
     insert into telemetry (com_id, ts, pin_names, pin_values)
     select u.c, to_timestamp(u.t), s.names, v.a[u.o + 1 : u.o + u.n]
       from unnest($1::text[], $2::float8[], $3::int[], $4::int[], $5::int[]) as u(c, t, o, n, k)
       join s on s.k = u.k cross join v`,
    [
      t.map((r) => r.comId),
      `{${t.map((r) => r.ts.getTime() / 1000).join(',')}}`,
      `{${offsets.join(',')}}`,
      `{${t.map((r) => r.values.length).join(',')}}`,
      `{${index.join(',')}}`,
      sets.map(textArrayLiteral),
      `{${t.map((r) => r.values.join(',')).join(',')}}`,
    ],
  );
};

/** COPY text format escaping of one field. */
const copyField = (s: string) =>
  s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

/** (b) COPY FROM STDIN (text format) through pg-copy-streams, in its own transaction. */
export const copyWriter: Writer = async (db, t) => {
  const { sets, index } = nameSets(t);
  const literals = sets.map((s) => copyField(textArrayLiteral(s)));
  const lines = t.map(
    (r, i) =>
      `${copyField(r.comId)}\t${r.ts.toISOString()}\t${literals[(index[i] ?? 1) - 1]}\t{${r.values.join(',')}}\n`,
  );
  await db.query('begin');
  try {
    const stream = db.query(copyFrom('copy telemetry (com_id, ts, pin_names, pin_values) from stdin'));
    await pipeline(
      (async function* () {
        yield lines.join('');
      })(),
      stream,
    );
    await db.query('commit');
  } catch (err) {
    await db.query('rollback').catch(() => undefined);
    throw err;
  }
};
