/**
 * The daily state rollup (docs/requirements.md#daily-rollups), kept by the jobs role: per site, tenant
 * view and Asia/Dhaka day, the figures of analytics-sql.ts (the same SQL the reports run over raw
 * events: one definition of each duration) for the day as a window — gap, and per state event of the
 * domain's DAILY_STATE_EVENTS active ms, ms inside gaps, starts, lead and open — and the daily pin
 * rollup (kernel/time-series rollupPinDay), the tenant SLA's `site_outage_daily` (outage-daily.ts), and the
 * availability calls' rollup (kernel/time/availability-days.ts). Rolled days are [from, until) of job_state 'site_daily'; a
 * day is rolled once it is over and the hourly rollups have covered it. Days late events marked
 * (`site_dirty_days`) are recomputed for their sites, from the marked day on (an event changes the
 * state until the next transition); a site without rows (new) is rolled for every rolled day.
 */
import {
  DAILY_STATE_EVENTS,
  type DailyStateKey,
  dhakaDate,
  dhakaDayEnd,
  dhakaDayStart,
  REPORT_STATE_LOOKBACK_DAYS,
  ROLLUP_SETTLE_MS,
  rollupViewKey,
  rollupViews,
  SLA_EVENT_NAME_LIST,
  SLA_STATE_LOOKBACK_DAYS,
  TENANTS,
} from '@towerwatch/domain';
import type { Clock } from '../../clock.ts';
import { type Pool, type Queryable, withTransaction } from '../../db/pool.ts';
import { sqlParams, tenantScopeOf } from '../../kernel/scope/sql-scope.ts';
import { rollupAvailabilityDay } from '../../kernel/time/availability-days.ts';
import { rolledDays, SITE_DAILY_STATE } from '../../kernel/time/rolled-days.ts';
import { rollupPinDay } from '../../kernel/time-series/index.ts';
import {
  endOpenSql,
  gapsSql,
  islandsSql,
  lastTransitionsSql,
  SUMMARY_FIELDS,
  summarySql,
  windowParams,
} from './analytics-sql.ts';
import { rollupOutageDay } from './outage-daily.ts';

const DAY_MS = 86_400_000;
const KEYS = Object.keys(DAILY_STATE_EVENTS) as DailyStateKey[];
const DEFAULTS: Record<(typeof SUMMARY_FIELDS)[number], string> = {
  ms: '0',
  gap_ms: '0',
  starts: '0',
  lead: 'false',
  open: 'false',
};

async function saveRolled(db: Queryable, v: { from: string; until: string }) {
  await db.query(
    `insert into job_state (name, value, updated_at) values ($1, $2, now())
     on conflict (name) do update set value = excluded.value, updated_at = now()`,
    [SITE_DAILY_STATE, JSON.stringify(v)],
  );
}

const nextDay = (day: string) => dhakaDate(new Date(dhakaDayStart(day).getTime() + DAY_MS));

/** The day's states at its start, read by every view's and tenant's query of the day (one build a day). */
const STARTS = 'rollup_starts';
/** Every event name whose state at a day's start a rollup query reads: site_daily's, the gaps', the SLA's. */
const START_NAMES = [...new Set<string>([...Object.values(DAILY_STATE_EVENTS), ...SLA_EVENT_NAME_LIST])];
/** The longest lookback of those queries: each keeps only what falls inside its own (analytics-sql.ts). */
const START_LOOKBACK_DAYS = Math.max(REPORT_STATE_LOOKBACK_DAYS, SLA_STATE_LOOKBACK_DAYS);

/**
 * Builds {@link STARTS} for `day` (dropped at commit): per site (or `sites`), tenant of the site and ''
 * and event name, the last transition before the day within {@link START_LOOKBACK_DAYS} — the index
 * descents each view's and tenant's query made for itself before, about five times as many a day.
 */
async function buildDayStarts(db: Queryable, day: string, sites?: readonly string[]) {
  const from = dhakaDayStart(day);
  await db.query(`drop table if exists ${STARTS}`);
  await db.query(
    `create temp table ${STARTS} on commit drop as
     ${lastTransitionsSql('sites s', '$1::text[]', '$2::timestamptz', '$3::timestamptz')}
      ${sites ? 'where s.uid = any($4::text[])' : ''}`,
    [START_NAMES, new Date(from.getTime() - START_LOOKBACK_DAYS * DAY_MS), from, ...(sites ? [sites] : [])],
  );
  await db.query(`create index on ${STARTS} (name, site_uid)`);
  await db.query(`analyze ${STARTS}`);
}

/**
 * Recomputes `site_day_ends` of `day` (for `sites` only when given): per site, the transitions of
 * {@link START_NAMES} active at the day's end, from {@link STARTS} and the day's events (the tenants
 * the states are read for: the site's and '').
 */
async function saveDayEnds(db: Queryable, day: string, sites?: readonly string[]) {
  await db.query(
    `delete from site_day_ends where day = $1::date ${sites ? 'and site_uid = any($2::text[])' : ''}`,
    sites ? [day, sites] : [day],
  );
  const only = (uid: string) => (sites ? `and ${uid} = any($5::text[])` : '');
  await db.query(
    `insert into site_day_ends (day, site_uid, names, tenants, times)
     select $1::date, s.uid,
            coalesce(array_agg(l.name order by l.name, l.tenant) filter (where l.active), '{}'),
            coalesce(array_agg(l.tenant order by l.name, l.tenant) filter (where l.active), '{}'),
            coalesce(array_agg(l.time order by l.name, l.tenant) filter (where l.active), '{}')
       from sites s
       left join (
         select distinct on (site_uid, name, tenant) site_uid, name, tenant, time, active
           from (select site_uid, name, tenant, time, id, active from ${STARTS}
                 union all
                 select ev.site_uid, ev.name, ev.tenant, ev.time, ev.id, ev.active
                   from events ev join sites s on s.uid = ev.site_uid
                  where ev.name = any($2::text[]) and ev.time >= $3::timestamptz and ev.time < $4::timestamptz
                    and (ev.tenant = '' or ev.tenant = any(s.tenants)) ${only('ev.site_uid')}) x
          order by site_uid, name, tenant, time desc, id desc) l on l.site_uid = s.uid
      where true ${only('s.uid')}
      group by s.uid`,
    [day, START_NAMES, dhakaDayStart(day), dhakaDayEnd(day), ...(sites ? [sites] : [])],
  );
}

/** Recomputes `site_daily` of one day and tenant view for every site holding one of its tenants (or `sites`). */
async function rollupSiteDay(db: Queryable, day: string, view: readonly string[], sites?: readonly string[]) {
  const p = sqlParams();
  const from = dhakaDayStart(day);
  const w = {
    ...windowParams(
      p,
      from,
      dhakaDayEnd(day),
      new Date(from.getTime() - REPORT_STATE_LOOKBACK_DAYS * DAY_MS),
    ),
    starts: STARTS,
  };
  // The next day's lookback: the end states a report's edge starts from (site_daily.<x>_end_open).
  const nextLookback = `${p.add(new Date(dhakaDayEnd(day).getTime() - REPORT_STATE_LOOKBACK_DAYS * DAY_MS))}::timestamptz`;
  const dayParam = `${p.add(day)}::date`;
  const viewParam = `${p.add(rollupViewKey(view))}::text`;
  const tenants = `${p.add([...view])}::text[]`;
  const only = sites ? `and s.uid = any(${p.add([...sites])}::text[])` : '';
  const ctes = KEYS.map((k) => {
    // A tenant-less site_down is the site's, for every tenant (docs/requirements.md#down-offline-rule).
    const cond =
      k === 'down'
        ? `(ev.tenant = '' or ev.tenant = any(${tenants}))`
        : tenantScopeOf(view, p, 'ev.tenant', { eventName: 'ev.name' });
    return `${islandsSql(k, `${p.add(DAILY_STATE_EVENTS[k])}::text`, w, cond)}, ${summarySql(k, w)}, ${endOpenSql(k, nextLookback)}`;
  });
  const ends = [...KEYS, 'off'];
  const columns = [
    ...KEYS.flatMap((k) => SUMMARY_FIELDS.map((f) => `${k}_${f}`)),
    ...ends.map((k) => `${k}_end_open`),
  ];
  const values = [
    ...KEYS.flatMap((k) => SUMMARY_FIELDS.map((f) => `coalesce(${k}_sum.${f}, ${DEFAULTS[f]})`)),
    ...ends.map((k) => `coalesce(${k}_end.tenants, '{}')`),
  ];
  await db.query(
    `delete from site_daily where day = $1::date and view = $2 ${sites ? 'and site_uid = any($3::text[])' : ''}`,
    sites ? [day, rollupViewKey(view), sites] : [day, rollupViewKey(view)],
  );
  await db.query(
    `with scoped as (select s.uid, s.tenants, s.created_at from sites s where s.tenants && ${tenants} ${only}),
     ${gapsSql(p, w)}, ${endOpenSql('off', nextLookback)}, ${ctes.join(',\n')}
     insert into site_daily (site_uid, day, view, gap_ms, ${columns.join(', ')})
     select scoped.uid, ${dayParam}, ${viewParam}, coalesce(gap_sum.ms, 0), ${values.join(', ')}
       from scoped left join gap_sum on gap_sum.site_uid = scoped.uid
       ${KEYS.map((k) => `left join ${k}_sum on ${k}_sum.site_uid = scoped.uid`).join(' ')}
       ${ends.map((k) => `left join ${k}_end on ${k}_end.site_uid = scoped.uid`).join(' ')}`,
    p.values,
  );
}

/**
 * Every view of one day (for `sites` only when given; their states at the day's start read once), the SLA's outage rollup of the day
 * (outage-daily.ts), the availability calls' rollup, and the day's pin rollups with every site.
 */
async function rollupDay(db: Queryable, day: string, sites?: readonly string[]) {
  await buildDayStarts(db, day, sites);
  await saveDayEnds(db, day, sites);
  for (const view of rollupViews()) await rollupSiteDay(db, day, view, sites);
  await rollupOutageDay(db, day, STARTS, sites);
  await rollupAvailabilityDay(db, day, sites);
  if (!sites) await rollupPinDay(db, day);
}

export interface SiteDailyOptions {
  /** On the first run, how many days back to start (default 400: 13 months). */
  initialDays?: number;
  /** Most new days rolled per run (default 3); the rest on the next runs. */
  maxDays?: number;
}

/** One run: new complete days, the days late events marked, sites without rows. Returns days rolled. */
export async function rollupSiteDays(pool: Pool, clock: Clock, opts: SiteDailyOptions = {}): Promise<number> {
  // A day is complete once over, settled, and covered by both hourly rollups.
  const { rows: marks } = await pool.query<{ hour: string | null }>(
    `select min(value->>'hour') as hour from job_state where name in ('telemetry_hourly', 'battery_health_hourly')`,
  );
  const covered = Math.min(
    clock.now().getTime() - ROLLUP_SETTLE_MS,
    marks[0]?.hour ? Date.parse(marks[0].hour) : clock.now().getTime(),
  );
  // The last day wholly covered: its end is at or before `covered`.
  const last = dhakaDate(new Date(covered - DAY_MS));
  const state = (await rolledDays(pool)) ?? {
    from: dhakaDate(new Date(covered - (opts.initialDays ?? 400) * DAY_MS)),
    until: dhakaDate(new Date(covered - (opts.initialDays ?? 400) * DAY_MS)),
  };
  let done = 0;
  for (let n = 0; n < (opts.maxDays ?? 3) && state.until <= last; n++) {
    const day = state.until;
    await withTransaction(pool, async (tx) => {
      await rollupDay(tx, day);
      await saveRolled(tx, { from: state.from, until: nextDay(day) });
    });
    state.until = nextDay(day);
    done += 1;
  }
  if (state.until === state.from) {
    await saveRolled(pool, state);
    return done;
  }
  // Sites without rows on the last rolled day (new sites): every rolled day, as if marked dirty.
  const lastRolled = dhakaDate(new Date(dhakaDayStart(state.until).getTime() - DAY_MS));
  await pool.query(
    `insert into site_dirty_days (site_uid, day)
     select s.uid, $1::date from sites s
      where s.tenants && $3::text[]
        and not exists (select 1 from site_daily d where d.day = $2::date and d.view = $4 and d.site_uid = s.uid)
     on conflict do nothing`,
    [state.from, lastRolled, TENANTS, rollupViewKey(TENANTS)],
  );
  return done + (await rollupDirtyDays(pool, state));
}

/** Recomputes the marked days (and the rolled days after them) for their sites, and unmarks them. */
async function rollupDirtyDays(pool: Pool, state: { from: string; until: string }): Promise<number> {
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<{ site_uid: string; day: string }>(
      `delete from site_dirty_days returning site_uid, to_char(day, 'YYYY-MM-DD') as day`,
    );
    const since = new Map<string, string>();
    for (const r of rows) {
      const day = r.day < state.from ? state.from : r.day;
      const before = since.get(r.site_uid);
      if (!before || day < before) since.set(r.site_uid, day);
    }
    if (since.size === 0) return 0;
    let days = 0;
    const first = [...since.values()].sort()[0] as string;
    for (let day = first; day < state.until; day = nextDay(day)) {
      const sites = [...since].filter(([, d]) => d <= day).map(([s]) => s);
      await rollupDay(tx, day, sites);
      days += 1;
    }
    return days;
  });
}
