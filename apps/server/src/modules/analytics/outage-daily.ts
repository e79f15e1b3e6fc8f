/**
 * The tenant SLA's daily rollup `site_outage_daily` (migration 0780, docs/decisions/sla-from-daily-rollups.md),
 * kept with site_daily by the jobs role (daily-rollup.ts: same days, same late-data recomputation),
 * and the same figures of a raw piece (a report's edge, outage-read.ts): both through outage-sql.ts and
 * the domain's slaPiece (one definition of each figure).
 */
import {
  type DownPeriodFacts,
  dhakaDayEnd,
  dhakaDayStart,
  SLA_CAUSES,
  SLA_STATE_LOOKBACK_DAYS,
  type SlaPiece,
  slaPiece,
  TENANTS,
} from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';
import { sqlParams } from '../../kernel/scope/sql-scope.ts';
import { windowParams } from './analytics-sql.ts';
import { type OutageRow, outageSelect } from './outage-sql.ts';

const DAY_MS = 86_400_000;
export const CAUSE_COLUMNS = SLA_CAUSES.map((c) => `${c}_ms`);

/**
 * The pieces of `tenant`'s sites over `win` by site uid (`bounds`: whether `win` starts / ends the
 * report); the states at `win.from` from `from.starts` (a table of the rollup's) or the rolled day
 * `from.endsDay`'s end states (outage-sql.ts), else by index descents.
 */
export async function rawPieces(
  db: Queryable,
  tenant: string,
  win: { from: Date; end: Date },
  bounds: { atStart: boolean; atEnd: boolean },
  sites?: readonly string[],
  from?: { starts: string } | { endsDay: string },
): Promise<Map<string, SlaPiece>> {
  const p = sqlParams();
  const lookback = new Date(win.from.getTime() - SLA_STATE_LOOKBACK_DAYS * DAY_MS);
  const starts = from && 'starts' in from ? from.starts : undefined;
  const endsDay = from && 'endsDay' in from ? from.endsDay : undefined;
  const sql = outageSelect(
    p,
    { ...windowParams(p, win.from, win.end, lookback), starts },
    tenant,
    sites,
    endsDay,
  );
  const { rows } = await db.query<OutageRow>(sql, p.values);
  const bySite = new Map<string, { gap: number; periods: DownPeriodFacts[] }>();
  for (const r of rows) {
    const entry = bySite.get(r.uid) ?? { gap: Number(r.site_gap_ms), periods: [] };
    bySite.set(r.uid, entry);
    if (r.ms === null) continue;
    entry.periods.push({
      ms: Number(r.ms),
      gapMs: Number(r.gap_ms),
      lead: r.lead === true,
      open: r.open === true,
      mainsFailed: r.mains_failed === true,
      mainsLead: r.mains_lead === true,
      dgFailed: r.dg_failed === true,
      onBattery: r.on_battery === true,
    });
  }
  return new Map([...bySite].map(([uid, e]) => [uid, slaPiece(e.gap, e.periods, bounds)]));
}

/**
 * Recomputes `site_outage_daily` of one day for every tenant (for `sites` only when given), reading the
 * states at the day's start from `starts` (daily-rollup.ts).
 */
export async function rollupOutageDay(
  db: Queryable,
  day: string,
  starts: string,
  sites?: readonly string[],
): Promise<void> {
  const win = { from: dhakaDayStart(day), end: dhakaDayEnd(day) };
  for (const tenant of TENANTS) {
    const pieces = await rawPieces(db, tenant, win, { atStart: false, atEnd: false }, sites, { starts });
    await db.query(
      `delete from site_outage_daily where day = $1::date and tenant = $2 ${sites ? 'and site_uid = any($3::text[])' : ''}`,
      sites ? [day, tenant, sites] : [day, tenant],
    );
    if (pieces.size === 0) continue;
    const list = [...pieces];
    await db.query(
      `insert into site_outage_daily (day, tenant, site_uid, gap_ms, down_ms, outages, unsettled, ${CAUSE_COLUMNS.join(', ')})
       select $1::date, $2::text, * from unnest($3::text[], $4::float8[], $5::float8[], $6::int[], $7::boolean[],
         ${SLA_CAUSES.map((_, i) => `$${8 + i}::float8[]`).join(', ')})`,
      [
        day,
        tenant,
        list.map(([uid]) => uid),
        list.map(([, x]) => x.gapMs),
        list.map(([, x]) => x.downMs),
        list.map(([, x]) => x.outages),
        list.map(([, x]) => x.unsettled),
        ...SLA_CAUSES.map((c) => list.map(([, x]) => x.causes[c])),
      ],
    );
  }
}
