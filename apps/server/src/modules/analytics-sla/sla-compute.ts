/**
 * The tenant SLA computation (pure): per site, tenant and month, down time from `site_down`
 * periods, data gaps from `device_offline` periods (left out of both the down and the possible time),
 * availability by the domain's one formula, and the cause of each outage (domain `outageCause`).
 * Rows count per tenant by the one rule for down and offline time (domain `countsForTenant`,
 * docs/requirements.md#down-offline-rule): a tenant-less site_down is the site's and counts for every
 * tenant, as a device offline is a gap for every tenant; other tenant-less power rows count for the
 * first operator tenant only (the tenant rule).
 */
import type { SlaBreachRow, SlaTenantRow } from '@towerwatch/contract';
import {
  availabilityPercent,
  countsForTenant,
  meetsSlaTarget,
  outageCause,
  SLA_CAUSES,
  SLA_EVENT_NAMES,
  type SlaCause,
} from '@towerwatch/domain';
import {
  clip,
  type Interval,
  intersect,
  periodsFromTransitions,
  totalMs,
  union,
} from '../../kernel/time/intervals.ts';
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

/** Every event name the computation reads. */
export const SLA_NAMES: readonly string[] = [
  SLA_EVENT_NAMES.down,
  SLA_EVENT_NAMES.gap,
  SLA_EVENT_NAMES.mains,
  ...SLA_EVENT_NAMES.dgFailure,
  ...SLA_EVENT_NAMES.battery,
];

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
      const causes = Object.fromEntries(SLA_CAUSES.map((c) => [c, 0])) as Record<SlaCause, number>;
      let downMs = 0;
      let count = 0;
      for (const o of outages) {
        const ms = totalMs(clip([o.period], w.from, w.until)) - totalMs(clip(o.gaps, w.from, w.until));
        if (o.period[1] <= w.from || o.period[0] >= w.until) continue;
        count += 1;
        causes[o.cause] += ms;
        downMs += ms;
      }
      const gapMs = totalMs(clip(gap, w.from, w.until));
      const possibleMs = Math.max(0, w.until - w.from - gapMs);
      const lastOutage = outages[outages.length - 1];
      out.push({
        month: w.month,
        tenant,
        site,
        downMs,
        gapMs,
        possibleMs,
        availability: possibleMs > 0 ? availabilityPercent(downMs, possibleMs) : null,
        outages: count,
        downNow: w.until === end && lastOutage !== undefined && lastOutage.period[1] >= end,
        causes,
      });
    }
  }
  return out;
}

const causeMinutes = (causes: Record<SlaCause, number>) =>
  Object.fromEntries(SLA_CAUSES.map((c) => [c, minutesOf(causes[c])])) as Record<SlaCause, number>;

/** Tenant rows (all sites of a tenant in a month together) and the sites below the target. */
export function summarise(
  figures: readonly SiteTenantMonth[],
  target: number,
): { tenants: SlaTenantRow[]; breaches: SlaBreachRow[] } {
  const groups = new Map<string, SiteTenantMonth[]>();
  for (const f of figures) {
    const key = `${f.month}\u0000${f.tenant}`;
    const list = groups.get(key);
    if (list) list.push(f);
    else groups.set(key, [f]);
  }
  const tenants: SlaTenantRow[] = [];
  for (const list of groups.values()) {
    const head = list[0];
    if (!head) continue;
    const down = list.reduce((n, f) => n + f.downMs, 0);
    const possible = list.reduce((n, f) => n + f.possibleMs, 0);
    const causes = Object.fromEntries(SLA_CAUSES.map((c) => [c, 0])) as Record<SlaCause, number>;
    for (const f of list) for (const c of SLA_CAUSES) causes[c] += f.causes[c];
    tenants.push({
      month: head.month,
      tenant: head.tenant,
      sites: list.length,
      sitesMeeting: list.filter((f) => meetsSlaTarget(f.availability, target)).length,
      sitesBreaching: list.filter((f) => f.availability !== null && f.availability < target).length,
      availability: possible > 0 ? availabilityPercent(down, possible) : null,
      outageMinutes: minutesOf(down),
      gapMinutes: minutesOf(list.reduce((n, f) => n + f.gapMs, 0)),
      causes: causeMinutes(causes),
    });
  }
  tenants.sort((a, b) => a.month.localeCompare(b.month) || a.tenant.localeCompare(b.tenant));
  const breaches: SlaBreachRow[] = figures
    .filter((f) => f.availability !== null && f.availability < target)
    .map((f) => ({
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
    }))
    .sort(
      (a, b) =>
        a.month.localeCompare(b.month) ||
        a.tenant.localeCompare(b.tenant) ||
        (a.availability ?? 0) - (b.availability ?? 0) ||
        a.siteUid.localeCompare(b.siteUid),
    );
  return { tenants, breaches };
}
