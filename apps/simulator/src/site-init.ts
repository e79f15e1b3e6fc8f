/** Initial state of a simulated site. */
import type { DemoSite, Random } from '@towerwatch/fleet';
import { BATTERY, chargeVoltage, dischargeVoltage, outdoorHumidity, outdoorTemperature } from './physics.ts';
import type { SiteState, TenantLoad } from './site-state.ts';

const MINUTE = 60_000;

/**
 * `normal`: mains on, battery full, doors closed, online. `varied` starts about one site in ten
 * mid-outage (some with the DG running), some with low fuel, an open door or offline, so a freshly
 * started fleet already shows a realistic network.
 */
export function createInitialState(
  site: DemoSite,
  random: Random,
  startMs: number,
  initial: 'varied' | 'normal',
): SiteState {
  const varied = initial === 'varied';
  const loads: SiteState['loads'] = {};
  for (const tenant of site.tenants) {
    const nominal = site.power.nominal_load_a[tenant] ?? 20;
    const load: TenantLoad = {
      mode: 'normal',
      until: null,
      critical: nominal * 0.7,
      nonCritical: nominal * 0.3,
    };
    loads[tenant] = load;
  }
  const temperature = outdoorTemperature(startMs) + 2;
  const state: SiteState = {
    simMs: startMs,
    mainsOn: true,
    outageEndsAt: null,
    phases: [230, 230, 230],
    dg: 'off',
    dgActionAt: null,
    dgAttempts: 0,
    dgStartFailActive: false,
    fuelPct: varied ? Math.round(random.range(10, 100)) : 80,
    pgOn: false,
    pgStartAt: null,
    soc: 1,
    batteryV: BATTERY.floatV,
    siteDown: false,
    temperatureC: temperature,
    humidity: outdoorHumidity(startMs) - 12,
    coolingFailUntil: null,
    loads,
    doorOpen: false,
    lockOpen: false,
    visitEndsAt: null,
    refuelOnVisitEnd: false,
    relockAt: null,
    breach: false,
    breachClearAt: null,
    breachDoorCloseAt: null,
    lockOpenFail: false,
    vibration: 2,
    vibrationEvent: null,
    vibrationUntil: null,
    motion: 2,
    motionUntil: null,
    cardReaderFaultUntil: null,
    online: true,
    offlineUntil: null,
    fuelSensorPct: null,
    theftUntil: null,
    theftPctPerMinute: 0,
    refillAt: null,
    batteryHealth: batteryHealthOf(site),
  };
  if (!varied) return state;

  if (random.chance(0.1)) {
    state.mainsOn = false;
    state.phases = [0, 0, 0];
    state.outageEndsAt = startMs + random.range(10, 90) * MINUTE;
    state.soc = random.range(0.5, 0.95);
    if (site.has_dg) {
      state.dg = random.chance(0.6) && state.fuelPct > 5 ? 'on' : 'waiting';
      state.dgActionAt = state.dg === 'waiting' ? startMs + random.range(1, 5) * MINUTE : null;
    }
    const ac = state.dg === 'on';
    const load = Object.values(loads).reduce((sum, l) => sum + (l ? l.critical + l.nonCritical : 0), 0);
    state.batteryV = ac ? chargeVoltage(state.soc) : dischargeVoltage(state.soc, load, site.battery_max);
    state.temperatureC += ac ? 0 : 3;
  }
  if (site.has_acs && random.chance(0.03)) {
    state.doorOpen = true;
    state.lockOpen = true;
    state.visitEndsAt = startMs + random.range(5, 40) * MINUTE;
  }
  if (random.chance(0.02)) {
    state.online = false;
    state.offlineUntil = startMs + random.range(10, 60) * MINUTE;
  }
  return state;
}

/** A bank's state of health at start: 55–100 % from the site's com id (older banks on some sites). */
export function batteryHealthOf(site: DemoSite): number {
  let hash = 0;
  for (let i = 0; i < site.com_id.length; i++) hash = (hash * 31 + site.com_id.charCodeAt(i)) >>> 0;
  return 0.55 + ((hash % 1000) / 1000) * 0.45;
}
