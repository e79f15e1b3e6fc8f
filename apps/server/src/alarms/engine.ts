/**
 * The alarm engine: given a site, its state and one input (a pin batch, a device event, a status
 * change or a clock tick), it updates the state and returns the alarm transitions, the events they
 * write and the applied pin readings. Pure: no I/O; time comes from the input.
 *
 * Rules (docs/operations.md "Alarm rules"): docs/requirements.md#alarm-ids alarm ids, docs/requirements.md#pin-status runtime values,
 * paused alarms (docs/requirements.md#paused-alarm, docs/requirements.md#disableable-alarms) keep their state but write no event and are not reported live.
 */
import { eventGroupOf } from '@towerwatch/domain';
import { ALARM_SPECS, type AlarmSpec, EVENT_ALARMS } from './catalogue.ts';
import { type Condition, deriveConditions } from './derive.ts';
import { pinTableOf } from './pin-table.ts';
import { fuelReadingsOf, powerChecks } from './power-checks.ts';
import {
  type AlarmState,
  alarmKey,
  type EnginePin,
  type EngineSite,
  newAlarmState,
  pinKey,
  type SiteState,
} from './state.ts';

/** One input to the engine. `time` is the device time of the message (or the clock for ticks). */
export type EngineInput =
  | { kind: 'pins'; comId: string; time: Date; receivedAt: Date; readings: { pin: string; value: number }[] }
  | {
      kind: 'event';
      comId: string;
      time: Date;
      receivedAt: Date;
      event: string;
      pin?: string;
      value?: number;
    }
  | { kind: 'status'; comId: string; time: Date; receivedAt: Date; online: boolean }
  /** Periodic check: device offline after `offlineMinutes` without a message, door open timeout. */
  | { kind: 'tick'; time: Date; offlineMinutes: number }
  /** Settings changed: re-apply paused flags. */
  | { kind: 'settings'; time: Date };

/** An event to append to the history. */
export interface EngineEvent {
  name: string;
  tenant: string | null;
  time: Date;
  active: boolean;
  value: number | null;
  group: 'RMS' | 'ACS';
  alarmId: string | null;
}

/** A reading applied to the site state, with the configs that give it meaning (one per tenant). */
export interface PinUpdate {
  comId: string;
  pinName: string;
  value: number;
  /** The pin's value before this reading; null when it was never read (no latest value stored). */
  previous: number | null;
  time: Date;
  configs: EnginePin[];
}

export interface EngineResult {
  /** Alarm rows to upsert (new, changed, or whose paused flag changed). */
  alarms: AlarmState[];
  /** True when a non-paused alarm changed: send SITE_STATUS_UPDATED and recount dashboards. */
  statusChanged: boolean;
  events: EngineEvent[];
  pinUpdates: PinUpdate[];
  /** Readings older than the pin's current value (stored as telemetry only). */
  staleReadings: number;
  dcLoadChanged: { tenant: string; state: 'DOWN' | 'NORMAL' | 'OVER'; current: number }[];
  /** Devices whose liveness changed (online flag) or that were seen. */
  devices: { comId: string; online: boolean; lastSeenAt: Date | null }[];
}

/** Runs one input through the engine, updating `state` in place. */
export function evaluate(site: EngineSite, state: SiteState, input: EngineInput): EngineResult {
  const result: EngineResult = {
    alarms: [],
    statusChanged: false,
    events: [],
    pinUpdates: [],
    staleReadings: 0,
    dcLoadChanged: [],
    devices: [],
  };
  // The pin table follows the site's pin configs (rebuilt when they were replaced).
  pinTableOf(site, state.pins);
  // Alarms read or changed by this input, by key: copies of the table's, written back by `save`.
  const working = new Map<string, AlarmState>();
  const touched = new Set<AlarmState>();
  const save = (alarm: AlarmState) => {
    touched.add(alarm);
    state.alarms.set(alarmKey(alarm.alarmId, alarm.tenant), alarm);
  };
  const emit = (
    name: string,
    tenant: string,
    active: boolean,
    value: number | null,
    alarmId: string | null,
  ) =>
    result.events.push({
      name,
      tenant: tenant === '' ? null : tenant,
      time: input.time,
      active,
      value,
      group: eventGroupOf(name),
      alarmId,
    });

  const getAlarm = (alarmId: string, tenant: string): AlarmState => {
    const key = alarmKey(alarmId, tenant);
    let alarm = working.get(key) ?? state.alarms.get(key);
    if (!alarm) {
      alarm = newAlarmState(alarmId, tenant, site.settings);
      save(alarm);
    }
    working.set(key, alarm);
    return alarm;
  };

  /** Moves an alarm to `active`; writes its event unless paused. `at` defaults to the input time. */
  const transition = (c: Condition, at: Date = input.time) => {
    const disabled = site.settings.disabled.has(c.alarmId);
    // Most inputs change no alarm: decided on the table (always up to date: `save` writes through).
    if (state.alarms.isSettled(alarmKey(c.alarmId, c.tenant), !c.active, disabled)) return;
    const alarm = getAlarm(c.alarmId, c.tenant);
    if (alarm.isDisable !== disabled) {
      alarm.isDisable = disabled;
      save(alarm);
    }
    if (alarm.isNormal === !c.active) return;
    alarm.isNormal = !c.active;
    alarm.lastEventAt = at;
    alarm.value = c.value;
    if (c.active) {
      alarm.raisedAt = at;
      alarm.clearedAt = null;
      alarm.acknowledgedBy = null;
      alarm.acknowledgedAt = null;
    } else {
      alarm.clearedAt = at;
    }
    save(alarm);
    if (alarm.isDisable) return;
    result.statusChanged = true;
    const spec: AlarmSpec = ALARM_SPECS[c.alarmId];
    const name = c.active ? (c.eventName ?? spec.raise) : (c.eventName ?? spec.clear);
    emit(name, c.tenant, c.active, c.value, c.alarmId);
  };

  const seen = (comId: string, receivedAt: Date) => {
    const device = state.devices.get(comId) ?? { lastSeenAt: null, online: false };
    device.lastSeenAt = receivedAt;
    device.online = true;
    state.devices.set(comId, device);
    result.devices.push({ comId, online: true, lastSeenAt: receivedAt });
  };

  switch (input.kind) {
    case 'pins':
      seen(input.comId, input.receivedAt);
      applyReadings(state, input, result);
      break;
    case 'event':
      seen(input.comId, input.receivedAt);
      applyDeviceEvent(site, state, input);
      break;
    case 'status':
      if (input.online) seen(input.comId, input.receivedAt);
      else {
        const device = state.devices.get(input.comId) ?? { lastSeenAt: null, online: true };
        device.online = false;
        state.devices.set(input.comId, device);
        result.devices.push({ comId: input.comId, online: false, lastSeenAt: device.lastSeenAt });
      }
      break;
    case 'tick':
      for (const [comId, device] of state.devices) {
        if (!device.online || device.lastSeenAt === null) continue;
        if (input.time.getTime() - device.lastSeenAt.getTime() >= input.offlineMinutes * 60_000) {
          device.online = false;
          result.devices.push({ comId, online: false, lastSeenAt: device.lastSeenAt });
        }
      }
      break;
    case 'settings':
      for (const stored of state.alarms.values()) {
        const key = alarmKey(stored.alarmId, stored.tenant);
        const alarm = working.get(key) ?? stored;
        working.set(key, alarm);
        const disabled = site.settings.disabled.has(alarm.alarmId);
        if (alarm.isDisable !== disabled) {
          alarm.isDisable = disabled;
          save(alarm);
          result.statusChanged = true;
        }
      }
      break;
  }

  // Device liveness → device_online (one per site: not normal while any known device is offline).
  let known = false;
  let offline = false;
  for (const d of state.devices.values()) {
    if (d.lastSeenAt === null) continue;
    known = true;
    if (!d.online) offline = true;
  }
  if (known) transition({ alarmId: 'device_online', tenant: '', active: offline, value: offline ? 0 : 1 });

  const derived = deriveConditions(site, state);
  for (const c of derived.conditions.values()) transition(c);
  const fuel = input.kind === 'pins' ? fuelReadingsOf(site, state, input) : [];
  for (const a of powerChecks(site, state, derived, input.time, fuel)) {
    if (a.kind === 'alarm') transition(a.condition);
    else emit(a.name, a.tenant, true, a.value, a.alarmId);
  }

  // DC critical voltage: an event on each crossing (the alarm stays dc_low_voltage).
  const t = site.settings.thresholds;
  for (const [tenant, v] of derived.dcVoltage) {
    const below = state.critical.has(tenant)
      ? v < t.dcCriticalVoltage + t.dcHysteresis
      : v < t.dcCriticalVoltage;
    if (below !== state.critical.has(tenant)) {
      if (below) state.critical.add(tenant);
      else state.critical.delete(tenant);
      emit('dc_critical_voltage', tenant, below, v, 'dc_low_voltage');
    }
  }
  // DC load per tenant (docs/requirements.md#dc-load): DOWN is dc_load_fail; entering/leaving OVER writes dc_overload.
  for (const [tenant, load] of derived.dcLoad) {
    const prev = state.dcLoad.get(tenant);
    if (prev === load.state) continue;
    state.dcLoad.set(tenant, load.state);
    result.dcLoadChanged.push({ tenant, state: load.state, current: load.current });
    result.statusChanged = true;
    if (load.state === 'OVER' || prev === 'OVER')
      emit('dc_overload', tenant, load.state === 'OVER', load.current, null);
  }

  // Door open longer than the timeout (checked on every input, including ticks).
  const door = state.alarms.get(alarmKey('door_status', ''));
  if (door) {
    const open = !door.isNormal && door.raisedAt !== null;
    const overdue =
      open && input.time.getTime() - (door.raisedAt?.getTime() ?? 0) >= t.doorOpenTimeoutMinutes * 60_000;
    if (overdue || state.alarms.isRaised(alarmKey('door_open_timeout', ''))) {
      transition({ alarmId: 'door_open_timeout', tenant: '', active: overdue, value: null });
    }
  }

  result.alarms = [...touched];
  return result;
}

function applyReadings(
  state: SiteState,
  input: Extract<EngineInput, { kind: 'pins' }>,
  result: EngineResult,
): void {
  const table = state.pins;
  const time = input.time.getTime();
  // Door and lock values before the first access pin of the message is applied (only then needed).
  let doorsBefore: (number | null)[] | null = null;
  for (const reading of input.readings) {
    const slot = table.slot(input.comId, reading.pin);
    let previous: number | null;
    if (slot >= 0) {
      const ts = table.timeAt(slot);
      if (ts > time) {
        result.staleReadings += 1;
        continue;
      }
      if (doorsBefore === null && table.slotHasType(slot, 'access_control'))
        doorsBefore = accessValues(state, 'door');
      previous = Number.isNaN(ts) ? null : nullable(table.valueAt(slot));
      table.setAt(slot, reading.value, time);
    } else {
      const rt = table.unconfigured(input.comId, reading.pin);
      if (rt?.ts && rt.ts.getTime() > time) {
        result.staleReadings += 1;
        continue;
      }
      previous = rt?.ts ? rt.value : null;
      table.set(pinKey(input.comId, reading.pin), { value: reading.value, ts: input.time });
    }
    result.pinUpdates.push({
      comId: input.comId,
      pinName: reading.pin,
      value: reading.value,
      previous,
      time: input.time,
      configs: slot >= 0 ? table.configsAt(slot) : [],
    });
  }
  // A door opening while every lock is locked is a security breach (latched until cleared).
  if (doorsBefore === null) return;
  const before = doorsBefore;
  const doorsAfter = accessValues(state, 'door');
  const opened = doorsAfter.some((v, i) => v !== null && v < 0.5 && (before[i] ?? 1) >= 0.5);
  const locks = accessValues(state, 'lock').filter((v): v is number => v !== null);
  if (opened && locks.length > 0 && locks.every((v) => v >= 0.5)) {
    state.latched.set(alarmKey('security_breach', ''), { active: true, value: 1 });
  }
}

const nullable = (v: number): number | null => (Number.isNaN(v) ? null : v);

/** Values of the site's door (or lock) access pins, in config order. */
function accessValues(state: SiteState, priority: 'door' | 'lock'): (number | null)[] {
  const table = state.pins;
  const { pins, layout } = table.index;
  const out: (number | null)[] = [];
  pins.forEach((p, i) => {
    if (
      p.type === 'access_control' &&
      (p.priority === priority || (priority === 'door' && p.priority !== 'lock'))
    )
      out.push(nullable(table.valueAt(layout.pinSlot[i] as number)));
  });
  return out;
}

function applyDeviceEvent(
  site: EngineSite,
  state: SiteState,
  input: Extract<EngineInput, { kind: 'event' }>,
): void {
  const { event } = input;
  // Door and lock events mirror the access pins: update the pin (or latch when none is configured).
  const mirror: Record<string, { priority: 'door' | 'lock'; value: number } | undefined> = {
    door_open: { priority: 'door', value: 0 },
    door_close: { priority: 'door', value: 1 },
    lock_open: { priority: 'lock', value: 0 },
    lock_close: { priority: 'lock', value: 1 },
  };
  const m = mirror[event];
  if (m) {
    const pin = site.pins.find(
      (p) =>
        p.comId === input.comId &&
        p.type === 'access_control' &&
        (input.pin ? p.pinName === input.pin : p.priority === m.priority),
    );
    if (pin) {
      const slot = state.pins.slot(pin.comId, pin.pinName);
      const ts = state.pins.timeAt(slot);
      if (Number.isNaN(ts) || ts <= input.time.getTime())
        state.pins.setAt(slot, m.value, input.time.getTime());
    } else {
      const alarmId = m.priority === 'door' ? 'door_status' : 'lock_status';
      state.latched.set(alarmKey(alarmId, ''), { active: m.value === 0, value: m.value });
    }
    return;
  }
  if (event === 'security_breach_cleared') {
    state.latched.set(alarmKey('security_breach', ''), { active: false, value: 0 });
    return;
  }
  const alarmId = EVENT_ALARMS[event];
  if (!alarmId) return;
  const active = input.value === undefined ? true : input.value !== 0;
  const eventName = event === 'mild_vibration' || event === 'high_vibration' ? event : undefined;
  state.latched.set(alarmKey(alarmId, ''), { active, value: input.value ?? 1, eventName });
}
