/**
 * Reference wiring of the demo RMS controller: which pin carries which input
 * (docs/device-protocol.md "Reference pin layout"). Shared inputs (mains phases, DC bus voltage,
 * DG/PG run status) get one pin config per site tenant; per-tenant inputs (DC load currents,
 * DC load fail contact) use the pins of the tenant's slot (its index in `site.tenants`).
 */
import type { PinType } from '@towerwatch/contract';
import { pinService } from '@towerwatch/contract';
import type { InstalledTenant } from '@towerwatch/domain';
import { tenantLabel } from '@towerwatch/domain';
import type { DemoPinConfig, DemoSite } from './types.ts';

export const PIN_LAYOUT = {
  mainPhaseA: 'am1',
  mainPhaseB: 'am2',
  mainPhaseC: 'am3',
  temperature: 'am4',
  humidity: 'am5',
  /** Fixed by docs/requirements.md#battery-calls (battery voltage profile uses pinName am6). */
  batteryTerminal: 'am6',
  dgFuel: 'am7',
  vibration: 'am8',
  motion: 'am9',
  /** DC load current, critical share, per tenant slot 0..2. */
  loadCritical: ['am10', 'am12', 'am14'],
  /** DC load current, non-critical share, per tenant slot 0..2. */
  loadNonCritical: ['am11', 'am13', 'am15'],
  door: 'di1',
  lock: 'di2',
  dgStatus: 'di3',
  pgStatus: 'di4',
  smoke: 'di5',
  water: 'di6',
  dcFanFault: 'di7',
  rectifierFail: 'di8',
  aviationLightFail: 'di9',
  /** DC load fail contact per tenant slot 0..2. */
  dcLoadFail: ['di10', 'di11', 'di12'],
  /** Digital outputs: do1 door lock release (used by `unlock`), do2 DG remote start, do3 spare. */
  lockRelease: 'do1',
  dgRemoteStart: 'do2',
} as const;

const LABELS: Partial<Record<PinType, string>> = {
  main_phase_a: 'Main Phase A',
  main_phase_b: 'Main Phase B',
  main_phase_c: 'Main Phase C',
  temperature: 'Temperature',
  humidity: 'Humidity',
  battery_terminal: 'DC Voltage',
  dg_fuel: 'DG Fuel',
  vibration_sensor: 'Vibration Sensor',
  motion_sensor: 'Motion Sensor',
  battery_current_critical: 'DC Current Critical',
  battery_current_non_critical: 'DC Current Non-critical',
  dg_status: 'DG Status',
  pg_status: 'PG Status',
  smoke_detector: 'Smoke Detector',
  water_detector: 'Water Detector',
  dc_fan_fault: 'DC Fan Fault',
  rectifier_fail: 'Rectifier Fail',
  aviation_light_fail: 'Aviation Light Fail',
  dc_load_fail: 'DC Load Fail',
};

/** The pin configs of one site's RMS controller. */
export function sitePinConfigs(site: DemoSite): DemoPinConfig[] {
  const configs: DemoPinConfig[] = [];
  const add = (
    pin_name: string,
    type: PinType,
    tenant: InstalledTenant | null,
    priority: DemoPinConfig['priority'] = null,
    label?: string,
  ) => {
    const base = label ?? LABELS[type] ?? type;
    configs.push({
      com_id: site.com_id,
      site_uid: site.uid,
      pin_name,
      type,
      service: pinService(type),
      priority,
      tenant,
      label: tenant ? `${base} (${tenantLabel(tenant)})` : base,
    });
  };

  site.tenants.forEach((tenant, slot) => {
    add(PIN_LAYOUT.mainPhaseA, 'main_phase_a', tenant);
    add(PIN_LAYOUT.mainPhaseB, 'main_phase_b', tenant);
    add(PIN_LAYOUT.mainPhaseC, 'main_phase_c', tenant);
    add(PIN_LAYOUT.batteryTerminal, 'battery_terminal', tenant, slot === 0 ? 'primary' : null);
    if (site.has_dg) add(PIN_LAYOUT.dgStatus, 'dg_status', tenant);
    if (site.has_pg) add(PIN_LAYOUT.pgStatus, 'pg_status', tenant);
    const critical = PIN_LAYOUT.loadCritical[slot];
    const nonCritical = PIN_LAYOUT.loadNonCritical[slot];
    const loadFail = PIN_LAYOUT.dcLoadFail[slot];
    if (!critical || !nonCritical || !loadFail) throw new Error(`site ${site.uid} has more than 3 tenants`);
    add(critical, 'battery_current_critical', tenant);
    add(nonCritical, 'battery_current_non_critical', tenant);
    add(loadFail, 'dc_load_fail', tenant);
  });
  add(PIN_LAYOUT.temperature, 'temperature', null);
  add(PIN_LAYOUT.humidity, 'humidity', null);
  if (site.has_dg) add(PIN_LAYOUT.dgFuel, 'dg_fuel', null);
  if (site.has_acs) {
    add(PIN_LAYOUT.door, 'access_control', null, 'door', 'Door');
    add(PIN_LAYOUT.lock, 'access_control', null, 'lock', 'Lock');
    add(PIN_LAYOUT.vibration, 'vibration_sensor', null);
    add(PIN_LAYOUT.motion, 'motion_sensor', null);
  }
  add(PIN_LAYOUT.smoke, 'smoke_detector', null);
  add(PIN_LAYOUT.water, 'water_detector', null);
  add(PIN_LAYOUT.dcFanFault, 'dc_fan_fault', null);
  add(PIN_LAYOUT.rectifierFail, 'rectifier_fail', null);
  add(PIN_LAYOUT.aviationLightFail, 'aviation_light_fail', null);
  return configs;
}
