/** State of one simulated site and the pin readings it shows (reference layout, docs/device-protocol.md). */
import type { AccessMessage, DeviceEventName, OemMessage, PinReading } from '@towerwatch/contract';
import type { AccessListEntry, InstalledTenant } from '@towerwatch/domain';
import type { DemoSite, Random } from '@towerwatch/fleet';
import { PIN_LAYOUT } from '@towerwatch/fleet';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An OEM record before the publisher stamps msg_id and ts. */
export type OemRecordBody = DistributiveOmit<OemMessage, 'msg_id' | 'ts'>;

/** One message a site wants published; the publisher adds msg_id and ts. */
export type SiteOutput =
  | { kind: 'pins'; readings: PinReading[] }
  | { kind: 'events'; event: DeviceEventName; pin?: string; value?: number }
  | {
      kind: 'access';
      card_number: string;
      granted: boolean;
      door?: string;
      reason?: AccessMessage['reason'];
    }
  | { kind: 'oem'; record: OemRecordBody }
  /** `online: false` from the model means the device loses power/connection (the publisher drops it). */
  | { kind: 'status'; online: boolean; service?: Record<string, unknown>; accessListVersion?: number }
  | { kind: 'cmd/ack'; cmd_id: string; ok: boolean; error?: string }
  /**
   * A message outside the protocol (a simulated firmware bug): published as is, never validated, so
   * the server refuses and counts it (docs/device-protocol.md §10).
   */
  | { kind: 'raw'; topic: 'oem'; payload: Record<string, unknown> };

export type DgState = 'off' | 'waiting' | 'on' | 'cooldown' | 'failed';
export type LoadMode = 'normal' | 'over' | 'none';

export interface TenantLoad {
  mode: LoadMode;
  /** Sim time the episode ends (normal mode: null). */
  until: number | null;
  critical: number;
  nonCritical: number;
}

/** Every time field is simulated time in epoch ms. */
export interface SiteState {
  simMs: number;
  mainsOn: boolean;
  outageEndsAt: number | null;
  phases: [number, number, number];
  dg: DgState;
  dgActionAt: number | null;
  dgAttempts: number;
  dgStartFailActive: boolean;
  fuelPct: number;
  pgOn: boolean;
  pgStartAt: number | null;
  soc: number;
  batteryV: number;
  /** Battery disconnected (BLVD tripped): the site is down. */
  siteDown: boolean;
  temperatureC: number;
  humidity: number;
  coolingFailUntil: number | null;
  loads: Partial<Record<InstalledTenant, TenantLoad>>;
  doorOpen: boolean;
  lockOpen: boolean;
  visitEndsAt: number | null;
  refuelOnVisitEnd: boolean;
  relockAt: number | null;
  breach: boolean;
  breachClearAt: number | null;
  breachDoorCloseAt: number | null;
  lockOpenFail: boolean;
  vibration: number;
  vibrationEvent: 'high_vibration' | 'mild_vibration' | null;
  vibrationUntil: number | null;
  motion: number;
  motionUntil: number | null;
  cardReaderFaultUntil: number | null;
  online: boolean;
  offlineUntil: number | null;
  /** What the fuel sensor reads (the level with ±1 % noise); null until first computed. */
  fuelSensorPct: number | null;
  /** A theft in progress: until when, and how fast the level falls (% of the tank per minute). */
  theftUntil: number | null;
  theftPctPerMinute: number;
  /** A tanker refill is due at this time (sites without technician visits). */
  refillAt: number | null;
  /** Battery state of health (0…1): the usable share of battery_max; falls a little with every cycle. */
  batteryHealth: number;
}

/** True when the site has AC power from the grid, its DG or its PG. */
export function acAvailable(state: SiteState): boolean {
  return state.mainsOn || state.dg === 'on' || state.dg === 'cooldown' || state.pgOn;
}

/** Sum of a tenant's load currents (A). */
export function totalLoad(state: SiteState): number {
  let total = 0;
  for (const load of Object.values(state.loads)) total += (load?.critical ?? 0) + (load?.nonCritical ?? 0);
  return total;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** All pins of the site's RMS controller with their current values. */
export function siteReadings(site: DemoSite, state: SiteState): PinReading[] {
  const readings: PinReading[] = [];
  const add = (pin: string, value: number) => readings.push({ pin, value });
  add(PIN_LAYOUT.mainPhaseA, round(state.phases[0], 1));
  add(PIN_LAYOUT.mainPhaseB, round(state.phases[1], 1));
  add(PIN_LAYOUT.mainPhaseC, round(state.phases[2], 1));
  add(PIN_LAYOUT.temperature, round(state.temperatureC, 1));
  add(PIN_LAYOUT.humidity, round(state.humidity, 0));
  add(PIN_LAYOUT.batteryTerminal, round(state.batteryV, 2));
  if (site.has_dg) add(PIN_LAYOUT.dgFuel, round(state.fuelSensorPct ?? state.fuelPct, 1));
  if (site.has_acs) {
    add(PIN_LAYOUT.vibration, round(state.vibration, 0));
    add(PIN_LAYOUT.motion, round(state.motion, 0));
  }
  site.tenants.forEach((tenant, slot) => {
    const load = state.loads[tenant];
    const critical = PIN_LAYOUT.loadCritical[slot];
    const nonCritical = PIN_LAYOUT.loadNonCritical[slot];
    const loadFail = PIN_LAYOUT.dcLoadFail[slot];
    if (!load || !critical || !nonCritical || !loadFail) return;
    add(critical, round(load.critical, 1));
    add(nonCritical, round(load.nonCritical, 1));
    add(loadFail, load.mode === 'none' ? 1 : 0);
  });
  if (site.has_acs) {
    add(PIN_LAYOUT.door, state.doorOpen ? 0 : 1);
    add(PIN_LAYOUT.lock, state.lockOpen ? 0 : 1);
  }
  if (site.has_dg) add(PIN_LAYOUT.dgStatus, state.dg === 'on' || state.dg === 'cooldown' ? 1 : 0);
  if (site.has_pg) add(PIN_LAYOUT.pgStatus, state.pgOn ? 1 : 0);
  add(PIN_LAYOUT.smoke, 0);
  add(PIN_LAYOUT.water, 0);
  add(PIN_LAYOUT.dcFanFault, 0);
  add(PIN_LAYOUT.rectifierFail, 0);
  add(PIN_LAYOUT.aviationLightFail, 0);
  return readings;
}

/** Smallest change of an analog pin that is published before the next full snapshot. */
export function changeThreshold(pin: string): number {
  switch (pin) {
    case PIN_LAYOUT.mainPhaseA:
    case PIN_LAYOUT.mainPhaseB:
    case PIN_LAYOUT.mainPhaseC:
      return 20;
    case PIN_LAYOUT.batteryTerminal:
      return 0.25;
    case PIN_LAYOUT.temperature:
      return 1;
    case PIN_LAYOUT.humidity:
      return 5;
    case PIN_LAYOUT.dgFuel:
      return 2;
    case PIN_LAYOUT.vibration:
    case PIN_LAYOUT.motion:
      return 15;
    default:
      // digital pins: any change; load currents: 3 A
      return pin.startsWith('di') ? 0.5 : 3;
  }
}

/** The access list a controller holds (site-access.ts applies and enforces it). */
export interface DeviceAccessList {
  version: number;
  entries: Map<string, AccessListEntry>;
  /** Chunks of a newer version being received. */
  partial: { version: number; chunks: number; parts: Map<number, AccessListEntry[]> } | null;
}

/** What the site's behaviour functions work on: the site, its mutable state and its random stream. */
export interface SiteContext {
  site: DemoSite;
  state: SiteState;
  random: Random;
  /** The fuel and battery-ageing random stream (kept apart so other behaviours keep their sequences). */
  fuelRandom?: Random;
  /** Time acceleration (simulated ÷ wall seconds); the DG burns fuel in wall time (see site-power.ts). */
  rate?: number;
  behaviour: SiteBehaviourRates;
  /** The access cards of the site's technicians (used until the server sends an access list). */
  cards: readonly string[];
  /** The access list the server sent (docs/device-protocol.md "access_list"). */
  access: DeviceAccessList;
  /** Wall-clock time of the current step (the device's clock: validity and time windows use it). */
  wallMs: number;
}

/** Rates (per simulated hour) and probabilities of a site's behaviour. */
export interface SiteBehaviourRates {
  /** Grid outages per hour at the base hour (evening ×2, afternoon ×1.3, night ×0.5). */
  outagesPerHour: number;
  /** Chance that one DG start attempt fails. */
  dgStartFailProbability: number;
  /** Chance that an unlock command finds the lock jammed. */
  lockJamProbability: number;
  /** Random episodes other than outages: visits, breaches, vibration, overload, offline, ... */
  episodes: boolean;
}
