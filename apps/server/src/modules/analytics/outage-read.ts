/**
 * The tenant SLA read from the daily outage rollup (docs/decisions/sla-from-daily-rollups.md): per
 * site, tenant and report window, the whole rolled Asia/Dhaka days from `site_outage_daily`, the
 * partial days at the edges (and days not rolled yet) from raw events (outage-daily.ts rawPieces: the
 * rollup's own computation), joined by the domain's combineSlaPieces.
 */
import { combineSlaPieces, dhakaDate, dhakaDayStartOf, SLA_CAUSES, type SlaPiece } from '@towerwatch/domain';
import { REPORT_READS_AT_ONCE_DEFAULT } from '../../config.ts';
import type { Queryable } from '../../db/pool.ts';
import { rolledDays } from '../../kernel/time/rolled-days.ts';
import { planWindow } from './analytics-rolled.ts';
import type { ReportWindow } from './analytics-sql.ts';
import { CAUSE_COLUMNS, rawPieces } from './outage-daily.ts';

/** The rolled whole days [from, until) of `tenant` for `uids`: one piece per site with a row every day. */
async function rolledPieces(
  db: Queryable,
  uids: readonly string[],
  tenant: string,
  from: Date,
  until: Date,
  days: number,
): Promise<Map<string, SlaPiece>> {
  // Per site (lateral): its days are one range of the covering index (migration 0905); a filter of
  // the batch's uids over the days' rows read the whole table.
  const { rows } = await db.query<Record<string, unknown>>(
    `select u.uid as site_uid, r.*
       from unnest($1::text[]) as u(uid)
       cross join lateral (
         select count(*)::int as days, sum(gap_ms) as gap_ms, sum(down_ms) as down_ms,
                sum(outages)::int as outages, bool_or(unsettled) as unsettled,
                ${CAUSE_COLUMNS.map((c) => `sum(${c}) as ${c}`).join(', ')}
           from site_outage_daily
          where site_uid = u.uid and tenant = $2 and day >= $3::date and day < $4::date) r
      where r.days > 0`,
    [uids, tenant, dhakaDate(from), dhakaDate(until)],
  );
  const out = new Map<string, SlaPiece>();
  for (const r of rows) {
    if (Number(r.days) !== days) continue;
    out.set(String(r.site_uid), {
      gapMs: Number(r.gap_ms),
      downMs: Number(r.down_ms),
      outages: Number(r.outages),
      causes: Object.fromEntries(SLA_CAUSES.map((c) => [c, Number(r[`${c}_ms`])])) as SlaPiece['causes'],
      downNow: false,
      unsettled: r.unsettled === true,
    });
  }
  return out;
}

const DAY_MS = 86_400_000;

/** Per site uid, per tenant, one piece per window (null: a site without a row on a rolled day). */
export type SiteSlaPieces = Map<string, Map<string, (SlaPiece | null)[]>>;

/**
 * The SLA figures of `uids` per tenant of `tenants` and report window (windows in time order, the
 * first starting and the last ending the report's range), or null before the jobs role's first run.
 */
export async function siteSlaPieces(
  db: Queryable,
  uids: readonly string[],
  tenants: readonly string[],
  windows: readonly ReportWindow[],
  tenantsAtOnce = REPORT_READS_AT_ONCE_DEFAULT,
): Promise<SiteSlaPieces | null> {
  const rolled = await rolledDays(db);
  if (!rolled) return null;
  const out: SiteSlaPieces = new Map(uids.map((uid) => [uid, new Map()]));
  if (uids.length === 0) return out;
  const rangeFrom = windows[0]?.from.getTime();
  const rangeEnd = windows[windows.length - 1]?.end.getTime();
  const bounds = (w: { from: Date; end: Date }) => ({
    atStart: w.from.getTime() === rangeFrom,
    atEnd: w.end.getTime() === rangeEnd,
  });
  // An edge starting at a Dhaka day's start after a rolled day starts from that day's end states.
  const endsOf = (w: { from: Date }) => {
    const day = dhakaDate(new Date(w.from.getTime() - DAY_MS));
    const atDayStart = dhakaDayStartOf(w.from.getTime()) === w.from.getTime();
    return atDayStart && day >= rolled.from && day < rolled.until ? { endsDay: day } : undefined;
  };
  // One tenant's windows, each window's pieces read at once (its edges and its rolled days).
  const ofTenant = async (tenant: string) => {
    const perWindow: (Map<string, SlaPiece> | null)[][] = [];
    for (const win of windows) {
      const plan = planWindow('', rolled, win);
      const edge = (w: { from: Date; end: Date } | null) =>
        w ? rawPieces(db, tenant, w, bounds(w), uids, endsOf(w)) : Promise.resolve(null);
      perWindow.push(
        plan
          ? await Promise.all([
              edge(plan.before),
              rolledPieces(db, uids, tenant, plan.from, plan.until, plan.days),
              edge(plan.after),
            ])
          : [await edge(win)],
      );
    }
    return perWindow;
  };
  // `tenantsAtOnce` tenants at a time (REPORT_READS_AT_ONCE, one per database core; each reads up to
  // three statements at a time, the long one its rolled days or an edge): one tenant's statements alone
  // leave a core idle.
  const read: Awaited<ReturnType<typeof ofTenant>>[] = [];
  for (let i = 0; i < tenants.length; i += tenantsAtOnce) {
    read.push(...(await Promise.all(tenants.slice(i, i + tenantsAtOnce).map(ofTenant))));
  }
  tenants.forEach((tenant, t) => {
    for (const uid of uids) out.get(uid)?.set(tenant, []);
    for (const pieces of read[t] ?? []) {
      const present = pieces.filter((x): x is Map<string, SlaPiece> => x !== null);
      for (const uid of uids) {
        const own = present.map((m) => m.get(uid));
        const joined = own.every((x) => x !== undefined) ? combineSlaPieces(own as SlaPiece[]) : null;
        out.get(uid)?.get(tenant)?.push(joined);
      }
    }
  });
  return out;
}
