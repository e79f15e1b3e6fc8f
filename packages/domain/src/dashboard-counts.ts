/**
 * Dashboard count shapes of the status-count call (platform-core §3) and site counts.
 */
import type { LoadCount } from './dc-load.ts';
import { emptyDcLoadStateCounts } from './dc-load.ts';

/** Power counts. */
export interface PowerCounts {
  mains_on: number;
  mains_off: number;
  dc_low: number;
  dg_power: number;
  pg_power: number;
  site_down: number;
  site_on_battery: number;
}
/** DC power counts. */
export interface DcPowerCounts {
  no_load: number;
  normal_load: number;
  over_load: number;
}
/** Access counts. */
export interface AccessCounts {
  total_door: number;
  door_open: number;
  lock_open: number;
  lock_open_fail: number;
  lock_close_fail: number;
  security_breach: number;
  vibration: number;
}
/** Battery backup counts. */
export interface BatteryCounts {
  full: number;
  good: number;
  ok: number;
  bad: number;
}
/** On/off counts (mains, DG). */
export interface OnOffCounts {
  on: number;
  off: number;
}
/** Temperature counts. */
export interface TemperatureCounts {
  normal: number;
  high: number;
}

/** All dashboard counts (platform-core §3). */
export interface DashboardCounts {
  power: PowerCounts;
  dcPower: DcPowerCounts;
  access: AccessCounts;
  battery: BatteryCounts;
  mains: OnOffCounts;
  dg: OnOffCounts;
  temperature: TemperatureCounts;
  loadCount: LoadCount;
}

/** Site counts (platform-core §3). */
export interface SiteCounts {
  total: number;
  rms: number;
  rectifier: number;
  acs: number;
  sarbs: number;
  vertiv: number;
  eltek: number;
}

/**
 * All-zero dashboard counts. `tenants` gives loadCount a zero row per tenant (default none).
 * Each call returns fresh objects.
 */
export function emptyDashboardCounts(tenants: readonly string[] = []): DashboardCounts {
  const byTenant: LoadCount['byTenant'] = {};
  for (const tenant of tenants) byTenant[tenant] = emptyDcLoadStateCounts();
  return {
    power: {
      mains_on: 0,
      mains_off: 0,
      dc_low: 0,
      dg_power: 0,
      pg_power: 0,
      site_down: 0,
      site_on_battery: 0,
    },
    dcPower: { no_load: 0, normal_load: 0, over_load: 0 },
    access: {
      total_door: 0,
      door_open: 0,
      lock_open: 0,
      lock_open_fail: 0,
      lock_close_fail: 0,
      security_breach: 0,
      vibration: 0,
    },
    battery: { full: 0, good: 0, ok: 0, bad: 0 },
    mains: { on: 0, off: 0 },
    dg: { on: 0, off: 0 },
    temperature: { normal: 0, high: 0 },
    loadCount: { total: emptyDcLoadStateCounts(), byTenant },
  };
}

/** All-zero site counts. */
export function emptySiteCounts(): SiteCounts {
  return { total: 0, rms: 0, rectifier: 0, acs: 0, sarbs: 0, vertiv: 0, eltek: 0 };
}
