/**
 * Running totals of the hourly rollups (migration 0910_hourly_running_totals; docs/decisions/
 * hourly-running-totals.md): each `telemetry_hourly` row carries `run_sum` / `run_count`, the sum and
 * count of its pin's earlier hourly rows. A pin's sum and count over the hours [from, end) are then
 * (last row in it: run + own) − (first row in it: run), two index look-ups whatever the window's length.
 * Totals are relative (only their differences mean anything), so pruning old hours changes nothing.
 *
 * Kept by the jobs role: the hourly rollup computes them for the hours it adds
 * ({@link hourlyRunsSql}), {@link recomputeRunningTotals} re-derives a device's rows from an hour on
 * (late readings changed an earlier hour), and {@link fillRunningTotals} fills rows left without
 * (written before the migration or by another writer). A row whose pin's earlier row has no total gets
 * none either; readers ({@link pinSumCountSql}) fall back to the pin's rows then.
 */
import type { Queryable } from '../../db/pool.ts';

/**
 * `rows` (alias; com_id, pin_name, hour, sum, count) numbered on from `base` (alias of
 * {@link lastRowBeforeSql}): `run_sum, run_count` over the window `w` (partition by pin, order by
 * hour). Null when the pin's last row before has none; 0 without such a row.
 */
function runColumnsSql(rows: string, base: string): string {
  const run = (col: string, b: string) =>
    `case when ${base}.found and ${base}.${b} is null then null
          else coalesce(${base}.${b}, 0) + sum(${rows}.${col}) over w - ${rows}.${col} end as run_${col}`;
  return `${run('sum', 's0')}, ${run('count', 'c0')}`;
}

/** A LATERAL item `(found, s0, c0)`: the totals after the pin `pin`'s last row before `before`. */
function lastRowBeforeSql(pin: string, before: string): string {
  return `(select true as found, p.run_sum + p.sum as s0, p.run_count + p.count as c0 from telemetry_hourly p
            where p.com_id = ${pin}.com_id and p.pin_name = ${pin}.pin_name and p.hour < ${before}
            order by p.hour desc limit 1)`;
}

/**
 * The select list of an insert into telemetry_hourly's (…, run_sum, run_count) from `g` (com_id,
 * pin_name, hour, sum, count: the hours of one rollup run, none before `fromParam` among them), with the
 * totals continued from each pin's last row before `fromParam`: null when that row has none.
 */
export function hourlyRunsSql(fromParam: string): string {
  return `${runColumnsSql('g', 'b')}
    from g left join lateral ${lastRowBeforeSql('g', fromParam)} b on true
    window w as (partition by g.com_id, g.pin_name order by g.hour)`;
}

/**
 * Re-derives the running totals of every row of devices `comIds[i]` from hour `since[i]` on (an
 * earlier hour changed: late readings), continuing each pin's last row before it (null when that row
 * has none). Returns the rows updated.
 */
export async function recomputeRunningTotals(
  db: Queryable,
  comIds: readonly string[],
  since: readonly Date[],
): Promise<number> {
  if (comIds.length === 0) return 0;
  const res = await db.query(
    `with d as (select com_id, min(since) as since
                  from unnest($1::text[], $2::timestamptz[]) as x(com_id, since) group by com_id),
     pins as (select distinct h.com_id, h.pin_name, d.since from d join telemetry_hourly h
                on h.com_id = d.com_id and h.hour >= d.since),
     base as (select pins.com_id, pins.pin_name, pins.since, b.found, b.s0, b.c0 from pins
                left join lateral ${lastRowBeforeSql('pins', 'pins.since')} b on true),
     x as (select h.com_id, h.pin_name, h.hour, ${runColumnsSql('h', 'base')}
             from base join telemetry_hourly h
               on h.com_id = base.com_id and h.pin_name = base.pin_name and h.hour >= base.since
           window w as (partition by h.com_id, h.pin_name order by h.hour))
     update telemetry_hourly t set run_sum = x.run_sum, run_count = x.run_count
       from x where t.com_id = x.com_id and t.pin_name = x.pin_name and t.hour = x.hour
        and (t.run_sum is distinct from x.run_sum or t.run_count is distinct from x.run_count)`,
    [comIds, since],
  );
  return res.rowCount ?? 0;
}

/**
 * Fills the rows without running totals, `devices` devices per statement (all their rows, each
 * statement its own transaction), until none is left, `stop()` holds (checked between statements: a
 * stopping jobs role waits for one statement, not for the whole fill) or after `maxRounds` statements;
 * returns the devices done. The partial index of migration 0910 finds them; it is empty once every row has its
 * totals. After the upgrade to 0910 the first jobs run fills the whole table this way (minutes per
 * 100 M rows); reports read the pins not filled yet from their rows meanwhile.
 */
export async function fillRunningTotals(
  db: Queryable,
  opts: { devices?: number; maxRounds?: number; stop?: () => boolean } = {},
): Promise<number> {
  let done = 0;
  // Devices in com_id order, each found by one descent of the partial index (a skip scan): the index
  // keeps the entries of rows already filled until vacuum, which a scan from the start would re-read.
  let after = '';
  for (let i = 0; i < (opts.maxRounds ?? Number.POSITIVE_INFINITY) && !opts.stop?.(); i++) {
    const { rows } = await db.query<{ com_id: string }>(
      `with recursive c(com_id, n) as (
         (select com_id, 1 from telemetry_hourly where run_sum is null and com_id > $2 order by com_id limit 1)
         union all
         select (select h.com_id from telemetry_hourly h
                  where h.run_sum is null and h.com_id > c.com_id order by h.com_id limit 1), c.n + 1
           from c where c.com_id is not null and c.n < $1)
       select com_id from c where com_id is not null`,
      [opts.devices ?? 10, after],
    );
    if (rows.length === 0) break;
    const comIds = rows.map((r) => r.com_id);
    await recomputeRunningTotals(
      db,
      comIds,
      comIds.map(() => new Date(0)),
    );
    done += comIds.length;
    after = comIds[comIds.length - 1] as string;
  }
  return done;
}

/**
 * A LATERAL FROM item `(sum, count)` of pin `pin`'s hourly rollups over the hours [from, end): from its
 * first and last row's running totals there, or (a total missing) from its rows. `pin`: the alias of a
 * row with com_id and pin_name; `from` / `end`: timestamptz SQL. No hour there: no row.
 */
export function pinSumCountSql(pin: string, from: string, end: string): string {
  const ofPin = `com_id = ${pin}.com_id and pin_name = ${pin}.pin_name and hour >= ${from} and hour < ${end}`;
  return `(select case when f.run_sum is not null and l.run_sum is not null
                       then l.run_sum + l.sum - f.run_sum
                       else (select sum(sum) from telemetry_hourly where ${ofPin}) end as sum,
                  case when f.run_count is not null and l.run_count is not null
                       then l.run_count + l.count - f.run_count
                       else (select sum(count) from telemetry_hourly where ${ofPin}) end as count
             from (select run_sum, run_count from telemetry_hourly where ${ofPin} order by hour limit 1) f,
                  (select run_sum, sum, run_count, count from telemetry_hourly where ${ofPin}
                    order by hour desc limit 1) l)`;
}
