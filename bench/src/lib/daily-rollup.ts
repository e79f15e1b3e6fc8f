/** The daily rollups of a loaded range, rolled by the server's jobs role (analytics and SLA benchmarks). */
import { dhakaDate, INSTALLED_TENANTS, rollupViewKey, TENANTS } from '@towerwatch/domain';
import { type BenchOptions, type DbKind, num } from './cli.ts';
import { loadFleet } from './dataset.ts';
import { printTable } from './results.ts';
import { type ServerHandle, startServer } from './server.ts';
import { waitFor } from './util.ts';

/**
 * Restarts the server so its jobs role rolls [from, today) up into the daily rollups in its first run,
 * and waits until it has (polling job_state 'site_daily'); returns the seconds it took. The server ran
 * its jobs role while the data was loaded, so a run it had under way may save its rolled range after
 * the reset here (rows of the days it rolled before the load, for the sites of then only): sites
 * without a row for every rolled day are then marked dirty, as late data marks them, and the wait goes
 * on until the jobs role has rolled them (the reports would read such sites from raw events).
 */
export async function rollUpDays(server: ServerHandle, days: number, timeoutMs: number): Promise<number> {
  await server.pool.query(`delete from job_state where name = 'site_daily'`);
  const t0 = performance.now();
  await server.restart();
  const today = dhakaDate(new Date());
  const deadline = t0 + timeoutMs;
  await waitUntil(deadline, `daily rollup of ${days} days`, async () => {
    const { rows } = await server.pool.query<{ until: string | null }>(
      `select value->>'until' as until from job_state where name = 'site_daily'`,
    );
    return Boolean(rows[0]?.until && rows[0].until >= today);
  });
  await rollHoles(server, deadline);
  return Math.round((performance.now() - t0) / 100) / 10;
}

/**
 * Marks the sites without a row for every rolled day (since `since`, when given) dirty (as late data
 * marks them) and waits until the restarted jobs role has rolled them and every other marked site day;
 * nothing when there are none.
 */
export async function rollHoles(server: ServerHandle, deadline: number, since?: Date): Promise<void> {
  const { rowCount } = await server.pool.query(
    `insert into site_dirty_days (site_uid, day)
     select s.uid, r.from_day from sites s
      cross join (select greatest((value->>'from')::date, $2::date) as from_day,
                         (value->>'until')::date as until_day
                    from job_state where name = 'site_daily') r
      where (select count(*) from site_daily d
              where d.site_uid = s.uid and d.view = $1 and d.day >= r.from_day and d.day < r.until_day)
            < r.until_day - r.from_day
     on conflict do nothing`,
    [FULL_VIEW, since ? dhakaDate(since) : '1970-01-01'],
  );
  // Marks already there (a reused schema marked by hand, e.g. to roll a day again with new code) too.
  const { rows: marked } = await server.pool.query<{ n: number }>(
    'select count(*)::int as n from site_dirty_days',
  );
  if (!rowCount && !marked[0]?.n) return;
  console.log(
    `${rowCount} sites lacked rolled days (${marked[0]?.n ?? 0} site days marked in all): rolled by the jobs role`,
  );
  // Its first run after a start rolls them (the next one would be 10 minutes on).
  await server.restart();
  await waitUntil(deadline, 'the daily rollup of the marked sites', async () => {
    const { rows } = await server.pool.query<{ n: number }>('select count(*)::int as n from site_dirty_days');
    return rows[0]?.n === 0;
  });
}

/**
 * Waits until every hourly rollup row has its running totals (migration 0910): a schema loaded before
 * them gets them from the jobs role's first run after the start (running-totals.ts fillRunningTotals);
 * the reports read a pin without them from its rows, slower. Logs the time it took, if any.
 */
async function waitForRunningTotals(server: ServerHandle, deadline: number): Promise<void> {
  const missing = async () => {
    const { rows } = await server.pool.query<{ missing: boolean }>(
      'select exists (select 1 from telemetry_hourly where run_sum is null) as missing',
    );
    return rows[0]?.missing ?? false;
  };
  if (!(await missing())) return;
  const t0 = performance.now();
  await waitUntil(deadline, 'the running totals of the hourly rollups', async () => !(await missing()));
  console.log(
    `running totals of the hourly rollups filled by the jobs role in ${Math.round((performance.now() - t0) / 1000)} s`,
  );
}

/** Polls `done` every 2 s (util.ts waitFor) until it holds; throws at `deadline` (performance.now()). */
async function waitUntil(deadline: number, what: string, done: () => Promise<boolean>): Promise<void> {
  if (!(await waitFor(done, Math.max(0, deadline - performance.now()), 2000)))
    throw new Error(`${what} not done in time`);
}

/** The rollup view of a caller who sees every tenant. */
const FULL_VIEW = rollupViewKey(TENANTS);
/** The rollup view of the benchmarks' `admin` (an operator: the installed tenants, domain rollupViews). */
const ADMIN_VIEW = rollupViewKey(INSTALLED_TENANTS);

/** The daily rollup tables the reports read whole days from (one `day date` column each). */
export const DAILY_TABLES = [
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
 * `until` is the end of the loaded range (its Dhaka day is "today"); `tables`: those the reports
 * measured read (default all). The jobs role's rolled range then starts `historyDays` back. Idempotent
 * (a reused schema already extended gets no rows). Returns the rows added and the seconds it took.
 */
export async function extendRolledHistory(
  server: ServerHandle,
  days: number,
  historyDays: number,
  until: Date,
  tables: readonly (typeof DAILY_TABLES)[number][] = DAILY_TABLES,
): Promise<{ rows: number; seconds: number }> {
  const t0 = performance.now();
  const today = dhakaDate(until);
  const blocks = Math.ceil(historyDays / days) - 1;
  let rows = 0;
  for (const table of tables) {
    // Already extended (a reused schema): the blocks reach `historyDays` back (the rolled range of a
    // load reaches at most 33 days further back than its `days`, less than any history measured).
    const { rows: oldest } = await server.pool.query<{ done: boolean }>(
      `select coalesce(min(day) <= $1::date - $2::int, false) as done from ${table}`,
      [today, historyDays],
    );
    if (oldest[0]?.done) continue;
    const { rows: columns } = await server.pool.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
      [table],
    );
    const names = columns.map((c) => c.name);
    const list = names.map((n) => `"${n}"`).join(', ');
    const values = names.map((n) => (n === 'day' ? `day - (k * $1::int)` : `"${n}"`)).join(', ');
    // Per-view tables: the view the benchmarks' admin reads only (the installed tenants; the other
    // views' copies would only fill the disk: 13 months of site_daily's six views are ~45 GB).
    const view = names.includes('view') ? `and view = '${ADMIN_VIEW}'` : '';
    const res = await server.pool.query(
      `insert into ${table} (${list})
       select ${values} from ${table} cross join generate_series(1, $2::int) k
        where day >= $3::date - $1::int and day < $3::date ${view}
          and day - (k * $1::int) >= $3::date - $4::int
       on conflict do nothing`,
      [days, blocks, today, historyDays + 1],
    );
    rows += res.rowCount ?? 0;
    await server.pool.query(`vacuum (analyze) ${table}`);
  }
  // The rolled range the reports plan with starts at the copies' oldest day: else they would read the
  // copied days as an edge before the rolled ones, from raw events (none there).
  await server.pool.query(
    `update job_state set value = jsonb_set(value, '{from}', to_jsonb(to_char($1::date - $2::int, 'YYYY-MM-DD')))
      where name = 'site_daily' and value->>'from' > to_char($1::date - $2::int, 'YYYY-MM-DD')`,
    [today, historyDays],
  );
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

/** Whether the month's `expected` calls, and the long history's `expectedLong` when measured, all answered 200. */
export function allAnswered(
  calls: { status: number }[],
  history: LongHistory<{ status: number }> | null,
  expected: number,
  expectedLong = expected,
): boolean {
  const answered = (list: { status: number }[], n: number) =>
    list.length === n && list.every((c) => c.status === 200);
  return answered(calls, expected) && (history === null || answered(history.calls, expectedLong));
}

/** The range and figures of a benchmark's load, kept in its schema for `--reuse` (analytics, SLA). */
export async function recordLoad(
  server: ServerHandle,
  from: Date,
  until: Date,
  loaded: Record<string, unknown>,
): Promise<void> {
  await server.pool.query(
    'create table bench_load (from_time timestamptz, until_time timestamptz, loaded jsonb)',
  );
  await server.pool.query('insert into bench_load values ($1, $2, $3)', [from, until, loaded]);
}

/** What {@link recordLoad} kept. */
export async function recordedLoad(
  server: ServerHandle,
): Promise<{ from: Date; until: Date; loaded: Record<string, unknown> }> {
  const { rows } = await server.pool.query<{
    from_time: Date;
    until_time: Date;
    loaded: Record<string, unknown>;
  }>('select from_time, until_time, loaded from bench_load');
  const row = rows[0];
  if (!row) throw new Error('--reuse: the schema holds no recorded load');
  return { from: row.from_time, until: row.until_time, loaded: row.loaded };
}

/**
 * Sites created before `from`: a fleet that reported through the whole loaded range, as a production
 * fleet has (loadFleet creates them now, so a report's edge looked up each site's first record, a cost
 * and a gap no long-running site has). Idempotent; the rolled whole days do not change (their sites'
 * first records, the loaded events, are before them either way).
 */
export async function backdateSites(server: ServerHandle, from: Date): Promise<void> {
  await server.pool.query(
    `update sites set created_at = $1::timestamptz - interval '1 day' where created_at >= $1`,
    [from],
  );
}

/**
 * The server of a report benchmark (analytics, SLA) on a fresh schema, or on the schema `--reuse` names
 * (`--keep yes` leaves it), its jobs role set to roll `days` up in its first run (rollUpDays). With a
 * reused schema: the range and figures of its recorded load go into `loaded`, its rolled days are
 * completed; otherwise the range ends now and `--sites` sites are loaded (50,000 at full size). The sites are backdated either way.
 * With `wholeMonths` the rolled days start at the first month's start (a report of whole months).
 */
export async function startReportServer(
  opts: BenchOptions,
  o: { db: DbKind; nodeArgs: string[] | undefined; days: number; wholeMonths?: boolean },
  loaded: Record<string, unknown>,
): Promise<{ server: ServerHandle; from: Date; until: Date; reused: boolean; loadStart: number }> {
  const reuse = opts.flags.get('reuse');
  const sites = num(opts, 'sites', { tiny: 300, quick: 5000, full: 50_000 });
  // `wholeMonths` (the SLA's months): rolled from the start of the range's first month, as in a fleet
  // that ran longer; its days before the load are a backdated site's days without events.
  const firstDay = dhakaDate(new Date(Date.now() - o.days * 86_400_000));
  const backfill = o.days + 2 + (o.wholeMonths ? Number(firstDay.slice(8)) - 1 : 0);
  const server = await startServer({
    db: o.db,
    broker: 'embedded',
    env: {
      DAILY_ROLLUP_BACKFILL_DAYS: String(backfill),
      DAILY_ROLLUP_DAYS_PER_RUN: String(backfill + 1),
    },
    ...(reuse ? { reuseSchema: reuse } : {}),
    keepSchema: opts.flags.get('keep') === 'yes',
    ...(o.nodeArgs ? { nodeArgs: o.nodeArgs } : {}),
  });
  const recorded = reuse ? await recordedLoad(server) : null;
  const until = recorded?.until ?? new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const from = recorded?.from ?? new Date(until.getTime() - o.days * 86_400_000);
  const loadStart = performance.now();
  if (recorded) Object.assign(loaded, recorded.loaded);
  else await loadFleet(server.pool, sites);
  // Whole months: created before the first month's start too.
  await backdateSites(server, o.wholeMonths ? new Date(from.getTime() - 31 * 86_400_000) : from);
  // The loaded days only: a long history copied back (extendRolledHistory) has rows of the tables its
  // reports read, not of every table.
  if (recorded && opts.flags.get('path') !== 'raw') {
    await rollHoles(server, performance.now() + 3_600_000, from);
    await waitForRunningTotals(server, performance.now() + 3_600_000);
  }
  if (!recorded) {
    const { rows } = await server.pool.query<{ n: number }>('select count(*)::int as n from sites');
    loaded.sites = rows[0]?.n ?? 0;
  }
  return { server, from, until, reused: recorded !== null, loadStart };
}
