/**
 * The tenant SLA computation (pure): per site, tenant and month, down time from `site_down`
 * periods, data gaps from `device_offline` periods (left out of both the down and the possible time),
 * availability by the domain's one formula, and the cause of each outage (domain `outageCause`).
 * Rows count per tenant by the one rule for down and offline time (domain `countsForTenant`,
 * docs/requirements.md#down-offline-rule): a tenant-less site_down is the site's and counts for every
 * tenant, as a device offline is a gap for every tenant; other tenant-less power rows count for the
 * first operator tenant only (the tenant rule). The same per-window figures (windowFigures) come from
 * the daily outage rollup's settled pieces (rolledSiteSla), and createSlaSummary sums them as they come.
 */
import type { SlaBreachRow, SlaTenantRow } from '@towerwatch/contract';
import {
  availabilityOverPossible,
  availabilityPercent,
  clip,
  countsForTenant,
  type Interval,
  intersect,
  meetsSlaTarget,
  noCauses,
  outageCause,
  periodsFromTransitions,
  possibleTime,
  SLA_CAUSES,
  SLA_EVENT_NAMES,
  type SlaCause,
  type SlaPiece,
  totalMs,
  union,
} from '@towerwatch/domain';
import type { SlaSiteRow, SlaTransitionRow } from './sla.repository.ts';

/** One month of the report, cut at now: [from, until). */
export interface SlaWindow {
  month: string;
  from: number;
  until: number;
}

/** One site's figures for one tenant and month (milliseconds). */
export interface SiteTenantMonth {
  month: string;
  tenant: string;
  site: SlaSiteRow;
  downMs: number;
  gapMs: number;
  possibleMs: number;
  availability: number | null;
  outages: number;
  downNow: boolean;
  causes: Record<SlaCause, number>;
}

/** Minutes with one decimal. */
export function minutesOf(ms: number): number {
  return Math.round(ms / 6000) / 10;
}

/** Periods of the events `names` whose tenant passes `tenantOk`, united; state before `from` counts. */
function periodsOf(
  rows: readonly SlaTransitionRow[],
  names: readonly string[],
  tenantOk: (tenant: string, name: string) => boolean,
  from: number,
  end: number,
): Interval[] {
  const byKey = new Map<string, { at: number; active: boolean }[]>();
  for (const r of rows) {
    if (!names.includes(r.name) || !tenantOk(r.tenant, r.name)) continue;
    const key = `${r.name}\u0000${r.tenant}`;
    const list = byKey.get(key) ?? [];
    list.push({ at: r.time.getTime(), active: r.active });
    byKey.set(key, list);
  }
  const out: Interval[] = [];
  for (const list of byKey.values()) {
    const before = list.filter((x) => x.at < from);
    const initial = before[before.length - 1]?.active ?? false;
    out.push(
      ...periodsFromTransitions(
        initial,
        list.filter((x) => x.at >= from),
        from,
        end,
      ),
    );
  }
  return union(out);
}

const overlaps = (list: readonly Interval[], a: number, b: number) => list.some(([s, e]) => s < b && e > a);

/**
 * One site's figures for a tenant and window from its down time and gaps (ms): the possible time and
 * the availability by the domain's one rule (site-time.ts), for both the raw and the rollup path.
 */
function windowFigures(
  site: SlaSiteRow,
  tenant: string,
  w: SlaWindow,
  f: { downMs: number; gapMs: number; outages: number; downNow: boolean; causes: Record<SlaCause, number> },
): SiteTenantMonth {
  const span = w.until - w.from;
  return {
    month: w.month,
    tenant,
    site,
    ...f,
    possibleMs: possibleTime(span, f.gapMs),
    availability: availabilityOverPossible(f.downMs, span, f.gapMs),
  };
}

/**
 * The figures of a site from its settled pieces (the daily outage rollup and raw edges, per tenant and
 * window: modules/analytics outage-read.ts), through the same {@link windowFigures} as the raw path.
 */
export function rolledSiteSla(
  site: SlaSiteRow,
  tenants: readonly string[],
  pieces: ReadonlyMap<string, readonly SlaPiece[]>,
  windows: readonly SlaWindow[],
): SiteTenantMonth[] {
  return tenants.flatMap((tenant) =>
    windows.map((w, i) => {
      const x = pieces.get(tenant)?.[i];
      return windowFigures(site, tenant, w, {
        downMs: x?.downMs ?? 0,
        gapMs: x?.gapMs ?? 0,
        outages: x?.outages ?? 0,
        downNow: x?.downNow ?? false,
        causes: x?.causes ?? noCauses(),
      });
    }),
  );
}

/** The figures of one site for each of its reported tenants and each window. */
export function computeSiteSla(
  site: SlaSiteRow,
  tenants: readonly string[],
  rows: readonly SlaTransitionRow[],
  windows: readonly SlaWindow[],
): SiteTenantMonth[] {
  const first = windows[0];
  const last = windows[windows.length - 1];
  if (!first || !last) return [];
  const from = first.from;
  const end = last.until;
  // Device-offline periods and the time before the site's first record are gaps (never overlapping:
  // every offline period starts at an event, so at or after the first record).
  const unrecorded: Interval[] =
    site.first_record_at.getTime() > from ? [[from, Math.min(site.first_record_at.getTime(), end)]] : [];
  const gap = union([...unrecorded, ...periodsOf(rows, [SLA_EVENT_NAMES.gap], () => true, from, end)]);
  const out: SiteTenantMonth[] = [];
  for (const tenant of tenants) {
    const forTenant = (t: string, name: string) => countsForTenant({ tenant: t, name }, tenant);
    const down = periodsOf(rows, [SLA_EVENT_NAMES.down], forTenant, from, end);
    const mains = periodsOf(rows, [SLA_EVENT_NAMES.mains], forTenant, from, end);
    const dg = periodsOf(rows, SLA_EVENT_NAMES.dgFailure, forTenant, from, end);
    const battery = periodsOf(rows, SLA_EVENT_NAMES.battery, forTenant, from, end);
    const outages = down.map(([a, b]) => {
      const mainsHere = mains.filter(([s, e]) => s < b && e > a);
      const since = Math.min(a, ...mainsHere.map(([s]) => s));
      const cause = outageCause({
        mainsFailed: mainsHere.length > 0,
        dgFailed: overlaps(dg, since, b),
        onBattery: battery.some(([s, e]) => s < a && e >= since),
      });
      return { period: [a, b] as Interval, cause, gaps: intersect([[a, b]], gap) };
    });
    for (const w of windows) {
      const causes = noCauses();
      let downMs = 0;
      let count = 0;
      for (const o of outages) {
        const ms = totalMs(clip([o.period], w.from, w.until)) - totalMs(clip(o.gaps, w.from, w.until));
        if (o.period[1] <= w.from || o.period[0] >= w.until) continue;
        count += 1;
        causes[o.cause] += ms;
        downMs += ms;
      }
      const lastOutage = outages[outages.length - 1];
      const downNow = w.until === end && lastOutage !== undefined && lastOutage.period[1] >= end;
      const gapMs = totalMs(clip(gap, w.from, w.until));
      out.push(windowFigures(site, tenant, w, { downMs, gapMs, outages: count, downNow, causes }));
    }
  }
  return out;
}

const causeMinutes = (causes: Record<SlaCause, number>) =>
  Object.fromEntries(SLA_CAUSES.map((c) => [c, minutesOf(causes[c])])) as Record<SlaCause, number>;

interface TenantGroup {
  month: string;
  tenant: string;
  sites: number;
  meeting: number;
  breaching: number;
  downMs: number;
  possibleMs: number;
  gapMs: number;
  causes: Record<SlaCause, number>;
}

/**
 * The report's rows, fed one site's figures at a time (a fleet's figures are never all held): per
 * tenant and month the sums (all sites of a tenant together), and the sites below the target.
 */
/** What orders the breach rows: month, tenant, then worst availability first, then site uid. */
export type SlaBreachKey = Pick<SlaBreachRow, 'month' | 'tenant' | 'availability' | 'siteUid'>;
export const slaBreachOrder = (a: SlaBreachKey, b: SlaBreachKey): number =>
  a.month.localeCompare(b.month) ||
  a.tenant.localeCompare(b.tenant) ||
  (a.availability ?? 0) - (b.availability ?? 0) ||
  a.siteUid.localeCompare(b.siteUid);

export function createSlaSummary(target: number) {
  const groups = new Map<string, TenantGroup>();
  return {
    /** Adds a site's figures; the site's breach row when it is below the target (the caller keeps it). */
    add(f: SiteTenantMonth): SlaBreachRow | null {
      const key = `${f.month}\u0000${f.tenant}`;
      let g = groups.get(key);
      if (!g) {
        g = {
          month: f.month,
          tenant: f.tenant,
          sites: 0,
          meeting: 0,
          breaching: 0,
          downMs: 0,
          possibleMs: 0,
          gapMs: 0,
          causes: noCauses(),
        };
        groups.set(key, g);
      }
      g.sites += 1;
      if (meetsSlaTarget(f.availability, target)) g.meeting += 1;
      g.downMs += f.downMs;
      g.possibleMs += f.possibleMs;
      g.gapMs += f.gapMs;
      for (const c of SLA_CAUSES) g.causes[c] += f.causes[c];
      if (f.availability === null || f.availability >= target) return null;
      g.breaching += 1;
      return {
        month: f.month,
        tenant: f.tenant,
        siteUid: f.site.uid,
        siteName: f.site.name,
        genericSiteId: f.site.generic_site_id,
        availability: f.availability,
        outageMinutes: minutesOf(f.downMs),
        gapMinutes: minutesOf(f.gapMs),
        outages: f.outages,
        downNow: f.downNow,
        causes: causeMinutes(f.causes),
      };
    },

    /** Tenant rows by month and tenant. */
    result(): { tenants: SlaTenantRow[] } {
      const tenants: SlaTenantRow[] = [...groups.values()].map((g) => ({
        month: g.month,
        tenant: g.tenant,
        sites: g.sites,
        sitesMeeting: g.meeting,
        sitesBreaching: g.breaching,
        availability: g.possibleMs > 0 ? availabilityPercent(g.downMs, g.possibleMs) : null,
        outageMinutes: minutesOf(g.downMs),
        gapMinutes: minutesOf(g.gapMs),
        causes: causeMinutes(g.causes),
      }));
      tenants.sort((a, b) => a.month.localeCompare(b.month) || a.tenant.localeCompare(b.tenant));
      return { tenants };
    },
  };
}
