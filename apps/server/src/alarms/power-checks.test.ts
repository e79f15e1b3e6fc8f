/**
 * Fuel theft / refill detection and the DG-with-mains flag through the engine
 * (docs/requirements.md#fuel-theft, docs/requirements.md#dg-with-mains).
 */
import { describe, expect, it } from 'vitest';
import { type EngineResult, evaluate } from './engine.ts';
import { parseSiteAlarmSettings } from './settings.ts';
import { alarmKey, createSiteState, type EnginePin, type EngineSite } from './state.ts';

const COM = 'DEV001';
const T0 = Date.parse('2025-03-01T00:00:00Z');
const pin = (pinName: string, type: string, tenant: string | null = null): EnginePin => ({
  comId: COM,
  pinName,
  type,
  tenant,
  priority: null,
});

function harness() {
  const site: EngineSite = {
    siteUid: 'S1',
    companyId: 'ktbl',
    tenants: ['robi'],
    comIds: [COM],
    pins: [
      pin('am1', 'main_phase_a', 'robi'),
      pin('am6', 'battery_terminal', 'robi'),
      pin('am10', 'battery_current_critical', 'robi'),
      pin('am7', 'dg_fuel'),
      pin('di3', 'dg_status', 'robi'),
    ],
    settings: parseSiteAlarmSettings({}),
    fuelTankLitres: 200,
  };
  const state = createSiteState(site);
  const events: EngineResult['events'] = [];
  const pins = (minute: number, readings: Record<string, number>) => {
    const r = evaluate(site, state, {
      kind: 'pins',
      comId: COM,
      time: new Date(T0 + minute * 60_000),
      receivedAt: new Date(T0 + minute * 60_000),
      readings: Object.entries(readings).map(([p, value]) => ({ pin: p, value })),
    });
    events.push(...r.events);
    return r;
  };
  const alarm = (id: string, tenant = '') => state.alarms.get(alarmKey(id, tenant));
  const named = (name: string) => events.filter((e) => e.name === name);
  return { pins, alarm, named };
}

/** Deterministic noise of ±1.5 % around a level. */
const noise = (i: number) => ((i * 7919) % 31) / 10 - 1.5;

describe('fuel theft and refill', () => {
  it('sensor noise of ±1.5 % over hours raises nothing, even with one wild reading', () => {
    const h = harness();
    for (let m = 0; m < 300; m++) h.pins(m, { am1: 230, am6: 53.5, am10: 30, di3: 0, am7: 60 + noise(m) });
    h.pins(300, { am7: 40 }); // one spike down
    for (let m = 301; m < 320; m++) h.pins(m, { am7: 60 + noise(m) });
    expect(h.named('fuel_theft_suspected')).toEqual([]);
    expect(h.named('fuel_refill')).toEqual([]);
  });

  it('a drop of 15 % with the DG off raises fuel_theft_suspected with the litres, and the alarm', () => {
    const h = harness();
    for (let m = 0; m < 30; m++) h.pins(m, { am1: 230, am6: 53.5, am10: 30, di3: 0, am7: 60 + noise(m) });
    for (let m = 30; m < 50; m++) h.pins(m, { am7: 45 + noise(m) });
    const theft = h.named('fuel_theft_suspected');
    expect(theft).toHaveLength(1);
    expect(theft[0]?.active).toBe(true);
    expect(theft[0]?.value).toBeGreaterThan(25);
    expect(theft[0]?.value).toBeLessThan(35);
    expect(h.alarm('fuel_theft_suspected')?.isNormal).toBe(false);
  });

  it('the DG burning fuel at its load is not theft', () => {
    const h = harness();
    // 4 h on DG at 1.6 kW: ~1.4 L/h ≈ 0.7 %/h of a 200 L tank
    for (let m = 0; m < 240; m++)
      h.pins(m, { am1: 0, am6: 53.5, am10: 30, di3: 1, am7: 80 - (m / 60) * 0.7 + noise(m) });
    expect(h.named('fuel_theft_suspected')).toEqual([]);
  });

  it('a rise is a refill with the litres, and clears a suspected theft', () => {
    const h = harness();
    for (let m = 0; m < 20; m++) h.pins(m, { am1: 230, am6: 53.5, am10: 30, di3: 0, am7: 50 });
    for (let m = 20; m < 40; m++) h.pins(m, { am7: 30 });
    expect(h.alarm('fuel_theft_suspected')?.isNormal).toBe(false);
    for (let m = 40; m < 60; m++) h.pins(m, { am7: 95 });
    const refill = h.named('fuel_refill');
    expect(refill).toHaveLength(1);
    expect(refill[0]?.value).toBe(130);
    expect(h.alarm('fuel_theft_suspected')?.isNormal).toBe(true);
  });
});

describe('generator running while mains is present', () => {
  it('is flagged after 10 minutes of both, and cleared when the DG stops', () => {
    const h = harness();
    h.pins(0, { am1: 230, am6: 53.5, am10: 30, di3: 1, am7: 60 });
    h.pins(9, { am1: 230, di3: 1 });
    expect(h.named('dg_with_mains')).toEqual([]);
    h.pins(10, { am1: 230, di3: 1 });
    expect(h.alarm('dg_with_mains', 'robi')?.isNormal).toBe(false);
    h.pins(11, { am1: 230, di3: 0 });
    expect(h.alarm('dg_with_mains', 'robi')?.isNormal).toBe(true);
    expect(h.named('dg_with_mains').map((e) => e.active)).toEqual([true, false]);
  });

  it('is not flagged while the DG covers a mains failure', () => {
    const h = harness();
    for (let m = 0; m < 60; m += 5) h.pins(m, { am1: 0, am6: 52, am10: 30, di3: 1, am7: 60 });
    expect(h.named('dg_with_mains')).toEqual([]);
  });
});
