import { describe, expect, it } from 'vitest';
import { type EngineInput, type EngineResult, evaluate } from './engine.ts';
import { parseSiteAlarmSettings } from './settings.ts';
import { alarmKey, createSiteState, type EnginePin, type EngineSite, type SiteState } from './state.ts';

const COM = 'DEV001';
const T0 = Date.parse('2025-03-01T00:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

function pin(
  pinName: string,
  type: string,
  tenant: string | null = null,
  priority: string | null = null,
): EnginePin {
  return { comId: COM, pinName, type, tenant, priority };
}

const PINS: EnginePin[] = [
  pin('am1', 'main_phase_a', 'robi'),
  pin('am2', 'main_phase_b', 'robi'),
  pin('am1', 'main_phase_a', 'banglalink'),
  pin('am4', 'battery_terminal', 'robi'),
  pin('am5', 'battery_current_critical', 'robi'),
  pin('am6', 'temperature'),
  pin('am7', 'dg_fuel'),
  pin('di1', 'access_control', null, 'door'),
  pin('di2', 'access_control', null, 'lock'),
  pin('di3', 'dg_status', 'robi'),
  pin('di4', 'pg_status', 'robi'),
  pin('di5', 'smoke_detector'),
];

function buildSite(settings: unknown = {}): EngineSite {
  return {
    siteUid: 'S1',
    companyId: 'ktbl',
    tenants: ['robi', 'banglalink'],
    comIds: [COM],
    pins: PINS,
    settings: parseSiteAlarmSettings(settings),
  };
}

function harness(settings: unknown = {}) {
  const site = buildSite(settings);
  const state = createSiteState(site);
  const run = (input: EngineInput): EngineResult => evaluate(site, state, input);
  const pins = (minute: number, readings: Record<string, number>) =>
    run({
      kind: 'pins',
      comId: COM,
      time: at(minute),
      receivedAt: at(minute),
      readings: Object.entries(readings).map(([p, value]) => ({ pin: p, value })),
    });
  const event = (minute: number, name: string, value?: number) =>
    run({ kind: 'event', comId: COM, time: at(minute), receivedAt: at(minute), event: name, value });
  const alarm = (id: string, tenant = '') => state.alarms.get(alarmKey(id, tenant));
  return { site, state, run, pins, event, alarm };
}

const names = (r: EngineResult) =>
  r.events.map((e) => `${e.name}${e.tenant ? `:${e.tenant}` : ''}:${e.active ? 1 : 0}`);

describe('alarm engine: initial runtime values (docs/requirements.md#pin-status)', () => {
  it('starts access pins at 1, DG/PG at 0, battery voltage at -1, current at 0, others unknown', () => {
    const state: SiteState = createSiteState(buildSite());
    expect(state.pins.get(`${COM}/di1`)).toEqual({ value: 1, ts: null });
    expect(state.pins.get(`${COM}/di3`)).toEqual({ value: 0, ts: null });
    expect(state.pins.get(`${COM}/am4`)).toEqual({ value: -1, ts: null });
    expect(state.pins.get(`${COM}/am5`)).toEqual({ value: 0, ts: null });
    expect(state.pins.get(`${COM}/am6`)).toEqual({ value: null, ts: null });
  });

  it('raises nothing from initial values alone', () => {
    const h = harness();
    const r = h.run({ kind: 'tick', time: at(0), offlineMinutes: 15 });
    expect(r.events).toEqual([]);
    expect(r.alarms).toEqual([]);
  });
});

describe('alarm engine: mains, AC line and battery power per tenant', () => {
  it('raises mains_fail, mains_outage and battery_power for the tenant whose phases all drop', () => {
    const h = harness();
    expect(h.pins(0, { am1: 230, am2: 231 }).events).toEqual([]);
    const r = h.pins(1, { am1: 0, am2: 5 });
    // am1 is shared by robi and banglalink; am2 is robi only → both tenants lose mains.
    expect(names(r).sort()).toEqual(
      [
        'mains_fail:robi:1',
        'mains_outage:robi:1',
        'battery_power:robi:1',
        'mains_fail:banglalink:1',
        'mains_outage:banglalink:1',
        'battery_power:banglalink:1',
      ].sort(),
    );
    const mf = h.alarm('mains_fail', 'robi');
    expect(mf).toMatchObject({ isNormal: false, isAvailable: true, isDisable: false, value: 5 });
    expect(mf?.raisedAt).toEqual(at(1));
    expect(mf?.lastEventAt).toEqual(at(1));
    expect(r.statusChanged).toBe(true);
  });

  it('keeps mains_fail but clears AC line fail and battery power when the DG starts', () => {
    const h = harness();
    h.pins(0, { am1: 0, am2: 0 });
    const r = h.pins(5, { di3: 1 });
    expect(names(r).sort()).toEqual(
      ['battery_power:robi:0', 'dg_power:robi:1', 'mains_outage:robi:0'].sort(),
    );
    expect(h.alarm('mains_fail', 'robi')?.isNormal).toBe(false);
    expect(h.alarm('dg_on', 'robi')?.isNormal).toBe(false);
    const back = h.pins(30, { am1: 228, am2: 229, di3: 0 });
    // banglalink has no DG: its AC line fail and battery power end only now.
    expect(names(back).sort()).toEqual(
      [
        'dg_power:robi:0',
        'mains_fail:robi:0',
        'mains_fail:banglalink:0',
        'mains_outage:banglalink:0',
        'battery_power:banglalink:0',
      ].sort(),
    );
    expect(h.alarm('mains_fail', 'robi')).toMatchObject({
      isNormal: true,
      clearedAt: at(30),
      raisedAt: at(0),
    });
  });

  it('is idempotent: the same reading twice gives one transition', () => {
    const h = harness();
    h.pins(0, { am1: 230, am2: 230 });
    expect(h.pins(1, { am1: 0, am2: 0 }).events.length).toBeGreaterThan(0);
    expect(h.pins(1, { am1: 0, am2: 0 }).events).toEqual([]);
    expect(h.pins(2, { am1: 0, am2: 0 }).events).toEqual([]);
  });

  it('ignores readings older than the current value of the pin', () => {
    const h = harness();
    h.pins(10, { am1: 0, am2: 0 });
    const r = h.pins(5, { am1: 230, am2: 230 });
    expect(r.staleReadings).toBe(2);
    expect(r.events).toEqual([]);
    expect(h.alarm('mains_fail', 'robi')?.isNormal).toBe(false);
  });
});

describe('alarm engine: DC voltage', () => {
  it('raises dc_low_voltage below 47 V and writes dc_critical_voltage below 44 V, with hysteresis', () => {
    const h = harness();
    expect(h.pins(0, { am4: 52 }).events).toEqual([]);
    expect(names(h.pins(1, { am4: 46.9 }))).toEqual(['dc_low_voltage:robi:1']);
    expect(h.alarm('dc_low_voltage', 'robi')?.value).toBe(46.9);
    expect(names(h.pins(2, { am4: 43.8 }))).toEqual(['dc_critical_voltage:robi:1']);
    expect(h.pins(3, { am4: 44.2 }).events).toEqual([]);
    expect(names(h.pins(4, { am4: 45 }))).toEqual(['dc_critical_voltage:robi:0']);
    expect(h.pins(5, { am4: 47.5 }).events).toEqual([]);
    expect(names(h.pins(6, { am4: 47.6 }))).toEqual(['dc_low_voltage:robi:0']);
  });

  it('does not evaluate an unknown voltage (-1)', () => {
    const h = harness();
    expect(h.pins(0, { am4: -1 }).events).toEqual([]);
    expect(h.alarm('dc_low_voltage', 'robi')).toBeUndefined();
  });

  it('uses per-site thresholds from settings', () => {
    const h = harness({ dc_low_voltage_threshold: 50, thresholds: { dc_critical_voltage: 48 } });
    expect(names(h.pins(0, { am4: 49 }))).toEqual(['dc_low_voltage:robi:1']);
    expect(names(h.pins(1, { am4: 47.9 }))).toEqual(['dc_critical_voltage:robi:1']);
  });

  it('raises dc_power_fail (event dc_fail) below 40 V', () => {
    const h = harness();
    expect(names(h.pins(0, { am4: 30 })).sort()).toEqual(
      ['dc_critical_voltage:robi:1', 'dc_fail:robi:1', 'dc_low_voltage:robi:1'].sort(),
    );
  });
});

describe('alarm engine: DC load per tenant', () => {
  it('classifies DOWN / NORMAL / OVER and writes dc_load_fail and dc_overload', () => {
    const h = harness({ thresholds: { dc_overload_current: 60 } });
    const normal = h.pins(0, { am5: 25 });
    expect(normal.dcLoadChanged).toEqual([{ tenant: 'robi', state: 'NORMAL', current: 25 }]);
    expect(normal.events).toEqual([]);
    const over = h.pins(1, { am5: 75 });
    expect(over.dcLoadChanged).toEqual([{ tenant: 'robi', state: 'OVER', current: 75 }]);
    expect(names(over)).toEqual(['dc_overload:robi:1']);
    const down = h.pins(2, { am5: 0.2 });
    expect(names(down).sort()).toEqual(['dc_load_fail:robi:1', 'dc_overload:robi:0'].sort());
    expect(h.state.dcLoad.get('robi')).toBe('DOWN');
  });
});

describe('alarm engine: access', () => {
  it('writes door_open/door_close and lock_open/lock_close', () => {
    const h = harness();
    expect(names(h.pins(0, { di2: 0 }))).toEqual(['lock_open:1']);
    expect(names(h.pins(1, { di1: 0 }))).toEqual(['door_open:1']);
    expect(names(h.pins(2, { di1: 1, di2: 1 })).sort()).toEqual(['door_close:0', 'lock_close:0']);
  });

  it('raises a security breach when the door opens while locked; only the clear event ends it', () => {
    const h = harness();
    expect(names(h.pins(0, { di1: 0 })).sort()).toEqual(['door_open:1', 'security_breach:1']);
    expect(names(h.pins(1, { di1: 1 }))).toEqual(['door_close:0']);
    expect(h.alarm('security_breach')?.isNormal).toBe(false);
    expect(names(h.event(2, 'security_breach_cleared'))).toEqual(['security_breach_cleared:0']);
    expect(h.alarm('security_breach')?.isNormal).toBe(true);
  });

  it('mirrors door events on the door pin', () => {
    const h = harness();
    h.pins(0, { di2: 0 });
    expect(names(h.event(1, 'door_open'))).toEqual(['door_open:1']);
    expect(h.state.pins.get(`${COM}/di1`)?.value).toBe(0);
    expect(names(h.event(2, 'door_close'))).toEqual(['door_close:0']);
  });

  it('raises door_open_timeout after 10 minutes open', () => {
    const h = harness();
    h.pins(0, { di2: 0, di1: 0 });
    expect(h.run({ kind: 'tick', time: at(9), offlineMinutes: 15 }).events).toEqual([]);
    expect(names(h.run({ kind: 'tick', time: at(10), offlineMinutes: 15 }))).toEqual(['door_open_timeout:1']);
    expect(names(h.pins(11, { di1: 1 })).sort()).toEqual(['door_close:0', 'door_open_timeout:0']);
  });

  it('latches device-event alarms: vibration keeps its event name', () => {
    const h = harness();
    expect(names(h.event(0, 'mild_vibration'))).toEqual(['mild_vibration:1']);
    expect(h.alarm('vibration')?.isNormal).toBe(false);
    expect(names(h.event(1, 'mild_vibration', 0))).toEqual(['mild_vibration:0']);
    expect(names(h.event(2, 'lock_open_fail'))).toEqual(['lock_open_fail:1']);
    expect(h.event(3, 'lock_open_fail').events).toEqual([]);
  });
});

describe('alarm engine: environment and generator', () => {
  it('raises high_temperature at 45 °C and clears below 44 °C', () => {
    const h = harness();
    expect(h.pins(0, { am6: 44.9 }).events).toEqual([]);
    expect(names(h.pins(1, { am6: 45 }))).toEqual(['high_temperature:1']);
    expect(h.pins(2, { am6: 44.5 }).events).toEqual([]);
    expect(names(h.pins(3, { am6: 43.9 }))).toEqual(['high_temperature:0']);
  });

  it('raises dg_low_fuel below 20 % and smoke from the smoke contact', () => {
    const h = harness();
    expect(names(h.pins(0, { am7: 19, di5: 1 })).sort()).toEqual(['dg_low_fuel:1', 'smoke_detection:1']);
  });

  it('writes pg_power for the PG status pin', () => {
    const h = harness();
    expect(names(h.pins(0, { di4: 1 }))).toEqual(['pg_power:robi:1']);
  });
});

describe('alarm engine: device offline (injected clock)', () => {
  it('raises device_online after the offline time without a message and clears on the next message', () => {
    const h = harness();
    h.pins(0, { am6: 30 });
    expect(h.run({ kind: 'tick', time: at(14), offlineMinutes: 15 }).events).toEqual([]);
    const r = h.run({ kind: 'tick', time: at(15), offlineMinutes: 15 });
    expect(names(r)).toEqual(['device_offline:1']);
    expect(r.devices).toEqual([{ comId: COM, online: false, lastSeenAt: at(0) }]);
    expect(h.alarm('device_online')).toMatchObject({ isNormal: false, isAvailable: true });
    expect(h.run({ kind: 'tick', time: at(30), offlineMinutes: 15 }).events).toEqual([]);
    expect(names(h.pins(31, { am6: 30 }))).toEqual(['device_offline:0']);
  });

  it('raises it from a last-will status message', () => {
    const h = harness();
    h.pins(0, { am6: 30 });
    const r = h.run({ kind: 'status', comId: COM, time: at(2), receivedAt: at(2), online: false });
    expect(names(r)).toEqual(['device_offline:1']);
  });
});

describe('alarm engine: paused (disabled) alarms', () => {
  it('tracks a paused alarm silently: no event, no status change, isDisable set', () => {
    const h = harness({ door_status: 'disable', security_breach: false });
    const r = h.pins(0, { di2: 1, di1: 0 });
    expect(r.events).toEqual([]);
    expect(r.statusChanged).toBe(false);
    expect(h.alarm('door_status')).toMatchObject({ isNormal: false, isDisable: true });
    expect(h.alarm('security_breach')).toMatchObject({ isNormal: false, isDisable: true });
  });

  it('only allows the alarms of docs/requirements.md#disableable-alarms to be paused', () => {
    const h = harness({ mains_fail: 'disable', disabled_alarms: ['high_temperature', 'device_online'] });
    expect(h.site.settings.disabled.has('mains_fail')).toBe(false);
    expect(h.site.settings.disabled.has('high_temperature')).toBe(false);
    expect(h.site.settings.disabled.has('device_online')).toBe(true);
    expect(names(h.pins(0, { am1: 0, am2: 0 }))).toContain('mains_fail:robi:1');
  });

  it('re-applies paused flags on a settings change', () => {
    const h = harness();
    h.pins(0, { di2: 0 });
    h.site.settings = parseSiteAlarmSettings({ lock_status: 'disable' });
    const r = h.run({ kind: 'settings', time: at(1) });
    expect(r.alarms.map((a) => [a.alarmId, a.isDisable])).toEqual([['lock_status', true]]);
    expect(r.events).toEqual([]);
    expect(h.pins(2, { di2: 1 }).events).toEqual([]);
  });
});
