import { describe, expect, it } from 'vitest';
import { evaluate } from './engine.ts';
import { buildPinIndex, createLayoutCache, type EnginePin, PinTable } from './pin-table.ts';
import { parseSiteAlarmSettings } from './settings.ts';
import { alarmKey, createSiteState, type EngineSite } from './state.ts';

const T0 = Date.parse('2025-03-01T00:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const pin = (
  comId: string,
  pinName: string,
  type: string,
  tenant: string | null = null,
  priority: string | null = null,
): EnginePin => ({
  comId,
  pinName,
  type,
  tenant,
  priority,
});

/** A site wired like the demo controller's first pins: two tenants share the mains phase pin. */
function pinsOf(comId: string): EnginePin[] {
  return [
    pin(comId, 'am1', 'main_phase_a', 'robi'),
    pin(comId, 'am1', 'main_phase_a', 'banglalink'),
    pin(comId, 'am4', 'temperature'),
    pin(comId, 'di1', 'access_control', null, 'door'),
    pin(comId, 'di2', 'access_control', null, 'lock'),
    pin(comId, 'am7', 'dg_fuel'),
  ];
}

function site(comId: string, pins = pinsOf(comId)): EngineSite {
  return {
    siteUid: `S-${comId}`,
    companyId: 'ktbl',
    tenants: ['robi', 'banglalink'],
    comIds: [comId],
    pins,
    settings: parseSiteAlarmSettings({}),
  };
}

const pinsInput = (comId: string, minute: number, readings: Record<string, number>) => ({
  kind: 'pins' as const,
  comId,
  time: at(minute),
  receivedAt: at(minute),
  readings: Object.entries(readings).map(([p, value]) => ({ pin: p, value })),
});

describe('pin table', () => {
  it('gives sites wired alike one shared layout and each its own values', () => {
    const cache = createLayoutCache();
    const a = buildPinIndex(pinsOf('A'), cache);
    const b = buildPinIndex(pinsOf('B'), cache);
    expect(b.layout).toBe(a.layout);
    expect(buildPinIndex([...pinsOf('C'), pin('C', 'am9', 'motion_sensor')], cache).layout).not.toBe(
      a.layout,
    );

    const ta = new PinTable(a);
    const tb = new PinTable(b);
    // Two configs of one pin (one per tenant) share a slot; another device's pin has none here.
    expect(ta.slot('A', 'am1')).toBe(0);
    expect(ta.slot('A', 'am4')).toBe(1);
    expect(ta.slot('B', 'am1')).toBe(-1);
    expect(ta.slot('A', 'am99')).toBe(-1);
    ta.set('A/am4', { value: 31.5, ts: at(1) });
    expect(ta.get('A/am4')).toEqual({ value: 31.5, ts: at(1) });
    expect(tb.get('B/am4')).toEqual({ value: null, ts: null });
    // A pin without a config keeps its value by key.
    ta.set('A/am99', { value: 7, ts: at(2) });
    expect(ta.get('A/am99')).toEqual({ value: 7, ts: at(2) });
    expect(ta.valueOf('A', 'am99')).toBe(7);
    expect(ta.get('A/am98')).toBeUndefined();
  });

  it('applies a reading to its own slot only and reports its configs', () => {
    const s = site('A');
    const state = createSiteState(s);
    const before = state.pins.get('A/di1');
    const result = evaluate(s, state, pinsInput('A', 1, { am1: 229 }));
    expect(result.pinUpdates).toHaveLength(1);
    expect(result.pinUpdates[0]?.configs.map((c) => c.tenant)).toEqual(['robi', 'banglalink']);
    expect(state.pins.get('A/am1')).toEqual({ value: 229, ts: at(1) });
    expect(state.pins.get('A/di1')).toEqual(before);
    expect(state.pins.get('A/am4')).toEqual({ value: null, ts: null });
  });

  it('ignores a stale access reading and still latches a breach from a later door opening in one message', () => {
    const s = site('A');
    const state = createSiteState(s);
    evaluate(s, state, pinsInput('A', 5, { di1: 1, di2: 1 }));
    const stale = evaluate(s, state, pinsInput('A', 4, { di1: 0 }));
    expect(stale.staleReadings).toBe(1);
    expect(state.latched.has(alarmKey('security_breach', ''))).toBe(false);
    // The door pin comes after other pins: the doors are read before it is applied.
    evaluate(s, state, pinsInput('A', 6, { am4: 30, am1: 230, di1: 0 }));
    expect(state.latched.get(alarmKey('security_breach', ''))).toEqual({ active: true, value: 1 });
  });

  it('rebuilds the index when the pin configs change and keeps the values read so far', () => {
    const s = site('A');
    const state = createSiteState(s);
    evaluate(s, state, pinsInput('A', 1, { am1: 228, am4: 33, am7: 50 }));
    // am4 loses its config, am9 gains one (a pin layout change without a reload).
    s.pins = [...pinsOf('A').filter((p) => p.pinName !== 'am4'), pin('A', 'am9', 'motion_sensor')];
    const result = evaluate(s, state, pinsInput('A', 2, { am9: 1000 }));
    expect(state.pins.index.pins).toBe(s.pins);
    expect(state.pins.get('A/am1')).toEqual({ value: 228, ts: at(1) });
    expect(state.pins.get('A/am4')).toEqual({ value: 33, ts: at(1) });
    expect(state.pins.slot('A', 'am4')).toBe(-1);
    expect(result.pinUpdates[0]?.configs).toEqual([pin('A', 'am9', 'motion_sensor')]);
    // The new pin drives its rule at once.
    expect(state.alarms.get(alarmKey('motion', ''))?.isNormal).toBe(false);
  });
});
