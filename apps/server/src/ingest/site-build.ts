/**
 * Builds the cached state of sites from their rows (pure: the site store reads the rows, the memory
 * profile `site-memory-main.ts` builds them from the demo fleet). Strings repeated across sites (pin
 * names, types, tenants, alarm ids), settings and pin layouts are shared through a {@link SiteInterner}
 * owned by the store: at 50,000 sites the same few dozen strings would otherwise be held once per row.
 */
import type { DcLoadState } from '@towerwatch/domain';
import { CONTACT_PIN_ALARMS, EVENT_ALARMS } from '../alarms/catalogue.ts';
import { buildPinIndex, createLayoutCache, type LayoutCache } from '../alarms/pin-table.ts';
import { parseSiteAlarmSettings, type SiteAlarmSettings } from '../alarms/settings.ts';
import {
  type AlarmState,
  alarmKey,
  createSiteState,
  type EngineSite,
  type SiteState,
} from '../alarms/state.ts';
import type { AlarmRow } from '../kernel/rows/site-rows.ts';

export interface SiteRow {
  uid: string;
  company_id: string;
  tenants: string[];
  settings: unknown;
  battery_max: number | null;
  fuel_tank_litres: number | null;
}
export interface DeviceRow {
  site_uid: string;
  com_id: string;
  last_seen_at: Date | null;
  online: boolean;
}
export interface PinConfigRow {
  site_uid: string;
  com_id: string;
  pin_name: string;
  type: string;
  priority: string | null;
  tenant: string | null;
}
export interface DcLoadRow {
  site_uid: string;
  tenant: string;
  state: DcLoadState;
}
export interface LatestRow {
  com_id: string;
  pin_name: string;
  value: number | null;
  ts: Date;
}

/** The rows of a set of sites, one array per table. */
export interface SiteRows {
  sites: SiteRow[];
  devices: DeviceRow[];
  pins: PinConfigRow[];
  alarms: AlarmRow[];
  dcLoads: DcLoadRow[];
  latest: LatestRow[];
}

/** A latest value not yet written (see site-store `pendingLatest`). */
export interface PendingValue {
  pinName: string;
  value: number;
  ts: Date;
}

/** Shared copies of what many sites hold alike (bounded, so odd data cannot grow it without end). */
export interface SiteInterner {
  strings: Map<string, string>;
  settings: Map<string, SiteAlarmSettings>;
  tenants: Map<string, string[]>;
  layouts: LayoutCache;
}

const MAX_SHARED = 50_000;

export function createSiteInterner(): SiteInterner {
  return { strings: new Map(), settings: new Map(), tenants: new Map(), layouts: createLayoutCache() };
}

function shared<T>(map: Map<string, T>, key: string, value: T): T {
  const hit = map.get(key);
  if (hit !== undefined) return hit;
  if (map.size < MAX_SHARED) map.set(key, value);
  return value;
}

function sharedSettings(interner: SiteInterner, raw: unknown): SiteAlarmSettings {
  const parsed = parseSiteAlarmSettings(raw);
  // Settings are read-only for the engine, so sites with equal settings can share one object.
  const key = `${JSON.stringify(parsed.thresholds)}|${[...parsed.disabled].sort().join(',')}`;
  return shared(interner.settings, key, parsed);
}

/**
 * Alarms set only by device events (not by contact pins); their state is restored as latches
 * (alarm catalogue: EVENT_ALARMS less CONTACT_PIN_ALARMS).
 */
const LATCHED_ALARMS: ReadonlySet<string> = new Set(
  Object.values(EVENT_ALARMS).filter((id) => !Object.values(CONTACT_PIN_ALARMS).includes(id)),
);

function groupBySite<T extends { site_uid: string }>(rows: T[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const list = m.get(r.site_uid);
    if (list) list.push(r);
    else m.set(r.site_uid, [r]);
  }
  return m;
}

/** Builds each site's engine view and state from its rows; sites without a `sites` row are absent. */
export function buildSiteRuntimes(
  rows: SiteRows,
  pendingLatest?: (comId: string) => Iterable<PendingValue> | undefined,
  interner: SiteInterner = createSiteInterner(),
): Map<string, { site: EngineSite; state: SiteState }> {
  const str = (s: string) => shared(interner.strings, s, s);
  const devsBySite = groupBySite(rows.devices);
  const pinsBySite = groupBySite(rows.pins);
  const alarmsBySite = groupBySite(rows.alarms);
  const loadsBySite = groupBySite(rows.dcLoads);
  const latestByCom = new Map<string, LatestRow[]>();
  for (const l of rows.latest) {
    const list = latestByCom.get(l.com_id);
    if (list) list.push(l);
    else latestByCom.set(l.com_id, [l]);
  }

  const out = new Map<string, { site: EngineSite; state: SiteState }>();
  for (const row of rows.sites) {
    const siteDevs = devsBySite.get(row.uid) ?? [];
    const sitePins = pinsBySite.get(row.uid) ?? [];
    // One string per com_id of the site (each row brings its own copy).
    const comIdOf = new Map<string, string>();
    const com = (id: string) => shared(comIdOf, id, id);
    for (const d of siteDevs) com(d.com_id);
    for (const p of sitePins) com(p.com_id);
    const pins = sitePins.map((p) => ({
      comId: com(p.com_id),
      pinName: str(p.pin_name),
      type: str(p.type),
      priority: p.priority === null ? null : str(p.priority),
      tenant: p.tenant === null ? null : str(p.tenant),
    }));
    const site: EngineSite = {
      siteUid: row.uid,
      companyId: str(row.company_id),
      tenants: shared(interner.tenants, row.tenants.join('\u0001'), row.tenants.map(str)),
      comIds: [...comIdOf.values()],
      pins,
      settings: sharedSettings(interner, row.settings),
      batteryMax: row.battery_max,
      fuelTankLitres: row.fuel_tank_litres,
      pinIndex: buildPinIndex(pins, interner.layouts),
    };
    const state = createSiteState(site);
    // Alarms a sensor pin drives follow the pin after a reload, not a latch.
    const pinDriven = new Set(
      site.pins.flatMap((p) =>
        p.type === 'vibration_sensor' ? ['vibration'] : p.type === 'motion_sensor' ? ['motion'] : [],
      ),
    );
    for (const d of siteDevs)
      state.devices.set(com(d.com_id), { lastSeenAt: d.last_seen_at, online: d.online });
    for (const comId of site.comIds) {
      for (const l of latestByCom.get(comId) ?? [])
        state.pins.set(`${comId}/${l.pin_name}`, { value: l.value, ts: l.ts });
      // Values the writer has not written yet are newer than the table's.
      for (const p of pendingLatest?.(comId) ?? [])
        state.pins.set(`${comId}/${p.pinName}`, { value: p.value, ts: p.ts });
    }
    for (const a of alarmsBySite.get(row.uid) ?? []) {
      const alarm: AlarmState = {
        alarmId: str(a.alarm_id),
        tenant: str(a.tenant),
        isNormal: a.is_normal,
        isAvailable: a.is_available,
        isDisable: a.is_disable,
        raisedAt: a.raised_at,
        clearedAt: a.cleared_at,
        lastEventAt: a.last_event_at,
        acknowledgedBy: a.acknowledged_by,
        acknowledgedAt: a.acknowledged_at,
        value: a.value,
      };
      state.alarms.set(alarmKey(a.alarm_id, a.tenant), alarm);
      // Latched (event-driven) alarms keep their state across reloads.
      if (LATCHED_ALARMS.has(a.alarm_id) && !pinDriven.has(a.alarm_id)) {
        state.latched.set(alarmKey(a.alarm_id, a.tenant), { active: !a.is_normal, value: a.value });
      }
      if (a.alarm_id === 'dc_low_voltage' && !a.is_normal && a.value !== null) {
        const t = site.settings.thresholds;
        if (a.value <= t.dcCriticalVoltage) state.critical.add(str(a.tenant));
      }
    }
    for (const l of loadsBySite.get(row.uid) ?? []) state.dcLoad.set(str(l.tenant), l.state);
    out.set(row.uid, { site, state });
  }
  return out;
}
