/**
 * Site state the alarm engine works on: pin runtime values, alarm states, latched device-event
 * conditions, device liveness and DC load per tenant. Plain data, owned by the ingest worker of
 * the site's devices; hydrated from PostgreSQL on first use.
 */
import type { DcLoadState } from '@towerwatch/domain';
import { type AlarmState, AlarmTable } from './alarm-table.ts';
import { type EnginePin, type PinIndex, PinTable, pinIndexOf } from './pin-table.ts';
import type { SiteAlarmSettings } from './settings.ts';

export type { AlarmState } from './alarm-table.ts';
export type { EnginePin } from './pin-table.ts';

/** What the engine knows about a site besides its state. */
export interface EngineSite {
  siteUid: string;
  companyId: string;
  tenants: string[];
  /** The site's devices (com_id). */
  comIds: string[];
  pins: EnginePin[];
  settings: SiteAlarmSettings;
  /** Battery bank capacity in Ah (sites.battery_max), for the backup-time estimate; null = unknown. */
  batteryMax?: number | null;
  /** DG fuel tank size in litres (sites.more_details.fuel_tank_litres), for fuel theft/refill litres. */
  fuelTankLitres?: number | null;
  /** Slots of `pins` (shared layout); built on first use when absent, rebuilt when `pins` is replaced. */
  pinIndex?: PinIndex;
}

/** A condition set by a device event (not by a pin level), e.g. a security breach. */
export interface Latch {
  active: boolean;
  value: number | null;
  /** Event name to write instead of the alarm's default (e.g. mild_vibration). */
  eventName?: string;
}

export interface DeviceRuntime {
  lastSeenAt: Date | null;
  online: boolean;
}

export interface SiteState {
  pins: PinTable;
  /** By `alarmKey`; copies out, `set` to change (alarm-table.ts). */
  alarms: AlarmTable;
  latched: Map<string, Latch>;
  devices: Map<string, DeviceRuntime>;
  dcLoad: Map<string, DcLoadState>;
  /** Tenants whose DC voltage is below the critical threshold (edge of dc_critical_voltage). */
  critical: Set<string>;
}

/** Key of a pin in {@link SiteState.pins}. */
export function pinKey(comId: string, pinName: string): string {
  return `${comId}/${pinName}`;
}

/**
 * Alarm keys are few (alarm ids × tenants) and looked up on every input: each is built once and the
 * same string is returned afterwards, so sites share their key strings and lookups make no garbage.
 */
const alarmKeys = new Map<string, Map<string, string>>();

/** Key of an alarm in {@link SiteState.alarms} and {@link SiteState.latched}. */
export function alarmKey(alarmId: string, tenant: string | null): string {
  const t = tenant ?? '';
  let byTenant = alarmKeys.get(alarmId);
  if (!byTenant) {
    byTenant = new Map();
    if (alarmKeys.size < 10_000) alarmKeys.set(alarmId, byTenant);
  }
  let key = byTenant.get(t);
  if (key === undefined) {
    key = `${alarmId}|${t}`;
    if (byTenant.size < 1_000) byTenant.set(t, key);
  }
  return key;
}

/** A fresh state for a site: every configured pin at its initial value, no alarms. */
export function createSiteState(site: EngineSite): SiteState {
  const pins = new PinTable(pinIndexOf(site));
  const devices = new Map<string, DeviceRuntime>();
  for (const comId of site.comIds) devices.set(comId, { lastSeenAt: null, online: false });
  return {
    pins,
    alarms: new AlarmTable(),
    latched: new Map(),
    devices,
    dcLoad: new Map(),
    critical: new Set(),
  };
}

/** A new alarm state (normal, available; paused per settings). */
export function newAlarmState(alarmId: string, tenant: string, settings: SiteAlarmSettings): AlarmState {
  return {
    alarmId,
    tenant,
    isNormal: true,
    isAvailable: true,
    isDisable: settings.disabled.has(alarmId),
    raisedAt: null,
    clearedAt: null,
    lastEventAt: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
    value: null,
  };
}
