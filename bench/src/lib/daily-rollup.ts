/** The daily rollups of a loaded range, rolled by the server's jobs role (analytics and SLA benchmarks). */
import { printTable } from './results.ts';
import type { ServerHandle } from './server.ts';

/**
 * Restarts the server so its jobs role rolls [from, today) up into the daily rollups in its first run,
 * and waits until it has (polling job_state 'site_daily'); returns the seconds it took.
 */
export async function rollUpDays(server: ServerHandle, days: number, timeoutMs: number): Promise<number> {
  await server.pool.query(`delete from job_state where name = 'site_daily'`);
  const t0 = performance.now();
  await server.restart();
  const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
  for (;;) {
    const { rows } = await server.pool.query<{ until: string | null }>(
      `select value->>'until' as until from job_state where name = 'site_daily'`,
    );
    if (rows[0]?.until && rows[0].until >= today) break;
    if (performance.now() - t0 > timeoutMs) throw new Error(`daily rollup of ${days} days not done in time`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  return Math.round((performance.now() - t0) / 100) / 10;
}

/** The daily rollup tables the reports read whole days from (one `day date` column each). */
const DAILY_TABLES = [
  'site_daily',
  'pin_daily',
  'site_outage_daily',
  'site_availability_daily',
  'mains_tenant_daily',
  'battery_view_daily',
] as const;

/**
 * A long history without loading it raw: the rolled days [today - days, today) are copied back in
 * blocks of `days` until `historyDays` days are rolled (the reports read whole days only from the
 * rollups, so a 13-month report then reads 13 months of rollup rows as in a fleet that ran that long).
 * `until` is the end of the loaded range (its Dhaka day is "today"). Idempotent (a reused schema
 * already extended gets no rows). Returns the rows added and the seconds it took.
 */
export async function extendRolledHistory(
  server: ServerHandle,
  days: number,
  historyDays: number,
  until: Date,
): Promise<{ rows: number; seconds: number }> {
  const t0 = performance.now();
  const today = new Date(until.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
  const blocks = Math.ceil(historyDays / days) - 1;
  let rows = 0;
  for (const table of DAILY_TABLES) {
    const { rows: columns } = await server.pool.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
      [table],
    );
    const names = columns.map((c) => c.name);
    const list = names.map((n) => `"${n}"`).join(', ');
    const values = names.map((n) => (n === 'day' ? `day - (k * $1::int)` : `"${n}"`)).join(', ');
    const res = await server.pool.query(
      `insert into ${table} (${list})
       select ${values} from ${table} cross join generate_series(1, $2::int) k
        where day >= $3::date - $1::int and day < $3::date
          and day - (k * $1::int) >= $3::date - $4::int
       on conflict do nothing`,
      [days, blocks, today, historyDays + 1],
    );
    rows += res.rowCount ?? 0;
    await server.pool.query(`vacuum (analyze) ${table}`);
  }
  return { rows, seconds: Math.round((performance.now() - t0) / 100) / 10 };
}

/** The reports timed over the long history (extendRolledHistory). */
export interface LongHistory<C> {
  days: number;
  rows: number;
  seconds: number;
  calls: C[];
}

/** Prints the calls over the long history, when it was measured. */
export function printHistory<C>(
  history: LongHistory<C> | null,
  rows: (calls: C[]) => Parameters<typeof printTable>[1],
) {
  if (history)
    printTable(
      `the same over ${history.days} days (${history.rows} rollup rows copied back in ${history.seconds} s)`,
      rows(history.calls),
    );
}

/** Whether the month's `expected` calls, and those over the long history when measured, all answered 200. */
export function allAnswered(
  calls: { status: number }[],
  history: LongHistory<{ status: number }> | null,
  expected: number,
): boolean {
  const answered = (list: { status: number }[]) =>
    list.length === expected && list.every((c) => c.status === 200);
  return answered(calls) && (history === null || answered(history.calls));
}
