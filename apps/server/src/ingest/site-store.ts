/**
 * Loads what the alarm engine needs for a site from PostgreSQL (site, devices, pin configs, latest
 * pin values, alarms, DC load states) and caches it per site. The cache is the single writer's
 * memory: the site worker updates it as it commits, and it is reloaded when the site's config
 * changes (bus `site.config-changed`), after a failed write, and at least every `ttlMs`.
 */
import type { DcLoadState } from '@towerwatch/domain';
import { parseSiteAlarmSettings } from '../alarms/settings.ts';
import {
  type AlarmState,
  alarmKey,
  createSiteState,
  type EngineSite,
  pinKey,
  type SiteState,
} from '../alarms/state.ts';
import type { Queryable } from '../db/pool.ts';

export interface SiteRuntime {
  site: EngineSite;
  state: SiteState;
  loadedAt: number;
}

/** com_id → its site, or null for an unknown or unbound device. */
export interface DeviceSite {
  comId: string;
  siteUid: string | null;
}

export interface SiteStore {
  siteOfDevice(comId: string): Promise<DeviceSite | null>;
  get(siteUid: string): Promise<SiteRuntime | null>;
  invalidate(siteUid?: string): void;
}

export function createSiteStore(db: Queryable, opts: { ttlMs?: number; now?: () => number } = {}): SiteStore {
  const ttl = opts.ttlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const devices = new Map<string, { value: DeviceSite | null; at: number }>();
  const sites = new Map<string, SiteRuntime>();

  return {
    async siteOfDevice(comId) {
      const hit = devices.get(comId);
      // Unknown devices are re-checked after 10 s, known ones after the TTL.
      if (hit && now() - hit.at < (hit.value ? ttl : 10_000)) return hit.value;
      const { rows } = await db.query<{ com_id: string; site_uid: string | null }>(
        'select com_id, site_uid from devices where com_id = $1',
        [comId],
      );
      const row = rows[0];
      const value = row ? { comId: row.com_id, siteUid: row.site_uid } : null;
      devices.set(comId, { value, at: now() });
      return value;
    },
    async get(siteUid) {
      const hit = sites.get(siteUid);
      if (hit && now() - hit.loadedAt < ttl) return hit;
      const loaded = await loadSite(db, siteUid);
      if (!loaded) {
        sites.delete(siteUid);
        return null;
      }
      const runtime = { ...loaded, loadedAt: now() };
      sites.set(siteUid, runtime);
      return runtime;
    },
    invalidate(siteUid) {
      if (siteUid === undefined) {
        sites.clear();
        devices.clear();
        return;
      }
      sites.delete(siteUid);
      for (const [comId, d] of devices)
        if (d.value?.siteUid === siteUid || d.value === null) devices.delete(comId);
    },
  };
}

interface AlarmRow {
  alarm_id: string;
  tenant: string;
  is_normal: boolean;
  is_available: boolean;
  is_disable: boolean;
  raised_at: Date | null;
  cleared_at: Date | null;
  last_event_at: Date | null;
  acknowledged_by: string | null;
  acknowledged_at: Date | null;
  value: number | null;
}

/** Reads one site and its state; null when the site does not exist. */
export async function loadSite(
  db: Queryable,
  siteUid: string,
): Promise<Omit<SiteRuntime, 'loadedAt'> | null> {
  const siteRes = await db.query<{
    uid: string;
    company_id: string;
    tenants: string[];
    settings: unknown;
    battery_max: number | null;
  }>('select uid, company_id, tenants, settings, battery_max from sites where uid = $1', [siteUid]);
  const row = siteRes.rows[0];
  if (!row) return null;
  const [devs, pins, latest, alarms, loads] = await Promise.all([
    db.query<{ com_id: string; last_seen_at: Date | null; online: boolean }>(
      'select com_id, last_seen_at, online from devices where site_uid = $1 order by com_id',
      [siteUid],
    ),
    db.query<{
      com_id: string;
      pin_name: string;
      type: string;
      priority: string | null;
      tenant: string | null;
    }>('select com_id, pin_name, type, priority, tenant from pin_configs where site_uid = $1 order by id', [
      siteUid,
    ]),
    db.query<{ com_id: string; pin_name: string; value: number | null; ts: Date }>(
      `select l.com_id, l.pin_name, l.value, l.ts from pin_latest l
       where l.com_id in (select com_id from devices where site_uid = $1
                          union select com_id from pin_configs where site_uid = $1)`,
      [siteUid],
    ),
    db.query<AlarmRow>(
      `select alarm_id, tenant, is_normal, is_available, is_disable, raised_at, cleared_at, last_event_at,
              acknowledged_by, acknowledged_at, value from alarms where site_uid = $1`,
      [siteUid],
    ),
    db.query<{ tenant: string; state: DcLoadState }>(
      'select tenant, state from dc_load_state where site_uid = $1',
      [siteUid],
    ),
  ]);
  const comIds = [...new Set([...devs.rows.map((d) => d.com_id), ...pins.rows.map((p) => p.com_id)])];
  const site: EngineSite = {
    siteUid,
    companyId: row.company_id,
    tenants: row.tenants,
    comIds,
    pins: pins.rows.map((p) => ({
      comId: p.com_id,
      pinName: p.pin_name,
      type: p.type,
      priority: p.priority,
      tenant: p.tenant,
    })),
    settings: parseSiteAlarmSettings(row.settings),
    batteryMax: row.battery_max,
  };
  const state = createSiteState(site);
  // Alarms a sensor pin drives follow the pin after a reload, not a latch.
  const pinDriven = new Set(
    site.pins.flatMap((p) =>
      p.type === 'vibration_sensor' ? ['vibration'] : p.type === 'motion_sensor' ? ['motion'] : [],
    ),
  );
  for (const d of devs.rows) state.devices.set(d.com_id, { lastSeenAt: d.last_seen_at, online: d.online });
  for (const l of latest.rows) state.pins.set(pinKey(l.com_id, l.pin_name), { value: l.value, ts: l.ts });
  for (const a of alarms.rows) {
    const alarm: AlarmState = {
      alarmId: a.alarm_id,
      tenant: a.tenant,
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
      if (a.value <= t.dcCriticalVoltage) state.critical.add(a.tenant);
    }
  }
  for (const l of loads.rows) state.dcLoad.set(l.tenant, l.state);
  return { site, state };
}

/** Alarms set by device events (not pin levels); their state is restored as latches. */
const LATCHED_ALARMS = new Set([
  'security_breach',
  'lock_open_fail',
  'lock_close_fail',
  'lock_fault',
  'card_reader_fault',
  'vibration',
  'motion',
  'dg_start_fail',
  'mdb_fault',
]);
