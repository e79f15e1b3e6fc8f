/**
 * Assembles the contract's Site from rows: tenant filtering of tenants, alarms, DC load and the
 * per-tenant keys of the free-form maps
 * (docs/requirements.md#tenant-rule, through the domain rules).
 */
import type { Site, SiteLean } from '@towerwatch/contract';
import { type DcLoadState, effectiveTenant, narrowTenantKeys, visibleSiteTenants } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import { type AlarmRow, type SiteRow, toSiteAlarm } from '../../kernel/rows/site-rows.ts';
import type { DcLoadRow, SiteRepository } from './site.repository.ts';
import type { SiteListJsonRow } from './site-list-json.repository.ts';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** DC load entries per site, only for the caller's allowed tenants (docs/requirements.md#tenant-rule). */
export function dcLoadEntries(
  caller: Caller,
  rows: readonly DcLoadRow[],
): Map<string, { tenant: string; value: DcLoadState }[]> {
  const bySite = new Map<string, { tenant: string; value: DcLoadState }[]>();
  for (const row of rows) {
    const tenant = effectiveTenant(row);
    if (!caller.allowedTenants.includes(tenant)) continue;
    const list = bySite.get(row.site_uid) ?? [];
    list.push({ tenant, value: row.state });
    bySite.set(row.site_uid, list);
  }
  return bySite;
}

/** Maps one site row with its alarms and DC load to the contract's Site. */
export function toSite(
  caller: Caller,
  row: SiteRow,
  alarms: readonly AlarmRow[],
  dcLoad: readonly { tenant: string; value: DcLoadState }[],
): Site {
  const rectifier = obj(row.rectifier);
  return {
    uid: row.uid,
    name: row.name,
    user_uid: row.user_uid ?? '',
    company: row.company_code,
    tenants: visibleSiteTenants(row.tenants, caller.allowedTenants),
    devices: row.devices ?? [],
    alarms: alarms.map(toSiteAlarm),
    status: row.online ? 'online' : 'offline',
    rectifier: {
      rectifier_type: str(rectifier.rectifier_type),
      rectifier_type_2: str(rectifier.rectifier_type_2),
    },
    dc_load: dcLoad.map(({ tenant, value }) => ({ tenant, value })),
    battery_max: row.battery_max,
    // Remaining capacity is not measured by the RMS pins we ingest: unknown.
    battery_left: null,
    device_vendor: row.device_vendor,
    place: { thana: row.thana, district: row.district, division: row.division },
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    meta: { generic_site_id: str(obj(row.meta).generic_site_id) },
    // Per-tenant keys of the free-form maps, narrowed like the rest (docs/requirements.md#tenant-rule).
    more_details: narrowTenantKeys(obj(row.more_details), caller.allowedTenants),
    settings: narrowTenantKeys(obj(row.settings), caller.allowedTenants),
    inc: narrowTenantKeys(obj(row.inc), caller.allowedTenants),
    bms: narrowTenantKeys(obj(row.bms), caller.allowedTenants),
    created_at: row.created_at.toISOString(),
  };
}

/** Loads alarms and DC load of the rows and maps them, keeping the rows' order. */
export async function buildSites(
  repo: SiteRepository,
  caller: Caller,
  rows: readonly SiteRow[],
): Promise<Site[]> {
  const uids = rows.map((r) => r.uid);
  const [alarms, dcLoad] = await Promise.all([repo.alarmsOf(caller, uids), repo.dcLoadOf(uids)]);
  const alarmsBySite = new Map<string, AlarmRow[]>();
  for (const a of alarms) {
    const list = alarmsBySite.get(a.site_uid) ?? [];
    list.push(a);
    alarmsBySite.set(a.site_uid, list);
  }
  const load = dcLoadEntries(caller, dcLoad);
  return rows.map((row) => toSite(caller, row, alarmsBySite.get(row.uid) ?? [], load.get(row.uid) ?? []));
}

/**
 * The lean list item of a site, derived from the full one. GET /user/site/fetch `lean=true` builds it
 * in SQL (site-lean.repository.ts); this is the reference site-lean-list.test.ts compares it with.
 */
export function toLeanSite(site: Site): SiteLean {
  const { more_details: _m, settings: _s, inc: _i, bms: _b, alarms, ...rest } = site;
  return {
    ...rest,
    alarms: alarms.map(({ id, tenant, isNormal, isAvailable, isDisable, lastEvent }) => ({
      id,
      tenant,
      isNormal,
      isAvailable,
      isDisable,
      lastEvent,
    })),
  };
}

/**
 * A list item's JSON text from its row of site-list-json.repository.ts: the fields up to `meta`
 * (built in SQL), then for the full form the free-form maps narrowed to the caller's tenants by the
 * domain rule (as `toSite` does), then `created_at` — the key order of the contract's `site`/`siteLean`.
 */
export function siteItemJson(caller: Caller, row: SiteListJsonRow, full: boolean): string {
  const head = row.head.slice(0, -1); // the object without its closing brace
  const createdAt = `"created_at":${JSON.stringify(row.created_at)}}`;
  if (!full) return `${head},${createdAt}`;
  const map = (value: unknown) => JSON.stringify(narrowTenantKeys(obj(value), caller.allowedTenants));
  return `${head},"more_details":${map(row.more_details)},"settings":${map(row.settings)},"inc":${map(
    row.inc,
  )},"bms":${map(row.bms)},${createdAt}`;
}
