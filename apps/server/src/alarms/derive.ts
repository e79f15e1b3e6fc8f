/**
 * Level conditions derived from pin values (and merged with latched device events): which alarm
 * of which tenant should be active now. Pure; reads the state, never changes it.
 */
import { classifyDcLoad, type DcLoadState } from '@towerwatch/domain';
import { CONTACT_PIN_ALARMS, type EngineAlarmId } from './catalogue.ts';
import { pinTableOf } from './pin-table.ts';
import { alarmKey, type EnginePin, type EngineSite, type SiteState } from './state.ts';

/** A wanted alarm condition. */
export interface Condition {
  alarmId: EngineAlarmId;
  tenant: string;
  active: boolean;
  value: number | null;
  eventName?: string;
}

/** Conditions plus the per-tenant DC figures the engine needs for edge events. */
export interface Derived {
  conditions: Map<string, Condition>;
  /** Lowest DC bus voltage per tenant (known readings only). */
  dcVoltage: Map<string, number>;
  /** DC load state and current per tenant (only tenants with a current reading). */
  dcLoad: Map<string, { state: DcLoadState; current: number }>;
}

const isOn = (v: number) => v >= 0.5;

/** Derives the wanted conditions of `site` from `state`. */
export function deriveConditions(site: EngineSite, state: SiteState): Derived {
  const t = site.settings.thresholds;
  const conditions = new Map<string, Condition>();
  const raised = (alarmId: string, tenant: string) => state.alarms.isRaised(alarmKey(alarmId, tenant));
  const want = (c: Condition) => {
    const key = alarmKey(c.alarmId, c.tenant);
    const prev = conditions.get(key);
    // Several inputs may drive one alarm (two door pins, a contact and a reading): any active wins.
    if (!prev || (!prev.active && c.active)) conditions.set(key, c);
  };

  const phases = new Map<string, number[]>();
  const running = { dg: new Set<string>(), pg: new Set<string>() };
  const mainsContact = new Map<string, boolean>();
  const dcVoltage = new Map<string, number>();
  const current = new Map<string, number>();
  let temperature: number | null = null;
  const doors: number[] = [];
  const locks: number[] = [];

  const table = pinTableOf(site, state.pins);
  const pins = table.index.pins;
  for (let i = 0; i < pins.length; i++) {
    const v = table.readValueOfPin(i);
    if (Number.isNaN(v)) continue;
    const pin = pins[i] as EnginePin;
    const tenant = pin.tenant ?? '';
    switch (pin.type) {
      case 'main_phase_a':
      case 'main_phase_b':
      case 'main_phase_c': {
        const list = phases.get(tenant);
        if (list) list.push(v);
        else phases.set(tenant, [v]);
        break;
      }
      case 'dg_status':
      case 'pg_status': {
        const which = pin.type === 'dg_status' ? 'dg' : 'pg';
        if (isOn(v)) running[which].add(tenant);
        want({ alarmId: which === 'dg' ? 'dg_on' : 'pg_on', tenant, active: isOn(v), value: v });
        break;
      }
      case 'dg_fuel': {
        const limit = raised('dg_low_fuel', tenant) ? t.lowFuelPercent + 2 : t.lowFuelPercent;
        want({ alarmId: 'dg_low_fuel', tenant, active: v <= limit, value: v });
        break;
      }
      case 'temperature':
        temperature = temperature === null ? v : Math.max(temperature, v);
        break;
      case 'access_control':
        if (pin.priority === 'lock') locks.push(v);
        else doors.push(v);
        break;
      case 'battery_terminal':
        if (v >= 0) dcVoltage.set(tenant, Math.min(dcVoltage.get(tenant) ?? v, v));
        break;
      case 'battery_current_critical':
      case 'battery_current_non_critical':
        current.set(tenant, (current.get(tenant) ?? 0) + Math.abs(v));
        break;
      case 'vibration_sensor': {
        const high = v >= t.vibrationHighLevel;
        const mild = !high && v >= t.vibrationMildLevel;
        want({
          alarmId: 'vibration',
          tenant: '',
          active: high || mild,
          value: v,
          eventName: high ? 'high_vibration' : mild ? 'mild_vibration' : undefined,
        });
        break;
      }
      case 'motion_sensor':
        want({ alarmId: 'motion', tenant: '', active: v >= t.motionHighLevel, value: v });
        break;
      default: {
        const alarmId = CONTACT_PIN_ALARMS[pin.type];
        if (!alarmId) break;
        if (alarmId === 'mains_fail')
          mainsContact.set(tenant, (mainsContact.get(tenant) ?? false) || isOn(v));
        else want({ alarmId, tenant, active: isOn(v), value: v });
      }
    }
  }

  // Mains, AC line and battery power per tenant (docs/operations.md "Alarm rules").
  const mainsTenants = new Set([...phases.keys(), ...mainsContact.keys()]);
  for (const tenant of mainsTenants) {
    const volts = phases.get(tenant);
    const phasesDown = volts?.every((v) => v < t.acPhaseMinVoltage) === true;
    const mainsFail = phasesDown || mainsContact.get(tenant) === true;
    const value = volts ? Math.max(...volts) : null;
    want({ alarmId: 'mains_fail', tenant, active: mainsFail, value });
    const noAc = mainsFail && !running.dg.has(tenant) && !running.pg.has(tenant);
    want({ alarmId: 'ac_line_fail', tenant, active: noAc, value });
    want({ alarmId: 'site_on_battery', tenant, active: noAc, value: dcVoltage.get(tenant) ?? null });
  }

  for (const [tenant, v] of dcVoltage) {
    const low = raised('dc_low_voltage', tenant) ? t.dcLowVoltage + t.dcHysteresis : t.dcLowVoltage;
    want({ alarmId: 'dc_low_voltage', tenant, active: v <= low, value: v });
    const fail = raised('dc_power_fail', tenant) ? t.dcFailVoltage + t.dcHysteresis : t.dcFailVoltage;
    want({ alarmId: 'dc_power_fail', tenant, active: v < fail, value: v });
  }

  const dcLoad = new Map<string, { state: DcLoadState; current: number }>();
  for (const [tenant, amps] of current) {
    const loadState = classifyDcLoad(amps, {
      noLoadBelowAmps: t.dcNoLoadCurrent,
      overLoadAboveAmps: t.dcOverloadCurrent,
    });
    dcLoad.set(tenant, { state: loadState, current: amps });
    want({ alarmId: 'dc_load_fail', tenant, active: loadState === 'DOWN', value: amps });
  }

  if (temperature !== null) {
    const limit = raised('high_temperature', '')
      ? t.highTemperature - t.temperatureHysteresis
      : t.highTemperature;
    want({ alarmId: 'high_temperature', tenant: '', active: temperature >= limit, value: temperature });
  }
  // Access pins read 1 = closed/locked, 0 = open/unlocked (docs/device-protocol.md "Pin values").
  if (doors.length > 0)
    want({ alarmId: 'door_status', tenant: '', active: doors.some((v) => !isOn(v)), value: 0 });
  if (locks.length > 0)
    want({ alarmId: 'lock_status', tenant: '', active: locks.some((v) => !isOn(v)), value: 0 });

  for (const [key, latch] of state.latched) {
    const [alarmId, tenant = ''] = key.split('|');
    want({
      alarmId: alarmId as EngineAlarmId,
      tenant,
      active: latch.active,
      value: latch.value,
      eventName: latch.eventName,
    });
  }
  return { conditions, dcVoltage, dcLoad };
}
