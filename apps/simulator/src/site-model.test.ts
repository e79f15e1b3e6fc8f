import { decodeDevicePayload } from '@towerwatch/contract';
import { buildDemoFleet, type DemoSite, PIN_LAYOUT } from '@towerwatch/fleet';
import { describe, expect, it } from 'vitest';
import { createMsgIdSource, toDeviceMessage } from './device-message.ts';
import { SCENARIOS, SiteModel, type SiteModelOptions } from './site-model.ts';
import type { SiteOutput } from './site-state.ts';

const fleet = buildDemoFleet({ sites: 60 });
const MINUTE = 60_000;
/** 2025-06-01 12:00 Asia/Dhaka. */
const START = Date.UTC(2025, 5, 1, 6, 0);

function findSite(predicate: (site: DemoSite) => boolean): DemoSite {
  const site = fleet.sites.find(predicate);
  if (!site) throw new Error('no such site in the demo fleet');
  return site;
}

const dgSite = findSite((s) => s.has_dg && s.has_acs);
const noDgSite = findSite((s) => !s.has_dg && !s.has_pg);
const acsSite = findSite((s) => s.has_acs);
const noAcsSite = findSite((s) => !s.has_acs);

function calm(site: DemoSite, options: Partial<SiteModelOptions> = {}): SiteModel {
  return new SiteModel(site, {
    seed: 1,
    startMs: START,
    initial: 'normal',
    behaviour: { outagesPerHour: 0, episodes: false, dgStartFailProbability: 0, lockJamProbability: 0 },
    ...options,
  });
}

function pinValue(outputs: SiteOutput[] | SiteOutput, pin: string): number | undefined {
  const list = Array.isArray(outputs) ? outputs : [outputs];
  let value: number | undefined;
  for (const output of list) {
    if (output.kind !== 'pins') continue;
    const reading = output.readings.find((r) => r.pin === pin);
    if (reading) value = reading.value;
  }
  return value;
}

function reading(model: SiteModel, pin: string): number {
  const value = pinValue(model.fullSnapshot(), pin);
  if (value === undefined) throw new Error(`pin ${pin} not in snapshot`);
  return value;
}

/** Steps the model minute by minute from `from` for `minutes`, returning all outputs. */
function run(model: SiteModel, from: number, minutes: number): SiteOutput[] {
  const outputs: SiteOutput[] = [];
  for (let i = 1; i <= minutes; i++) outputs.push(...model.step(from + i * MINUTE));
  return outputs;
}

describe('SiteModel: calm site', () => {
  it('reports mains, a float-charged battery, closed door and stopped DG', () => {
    const model = calm(dgSite);
    expect(reading(model, 'am1')).toBeGreaterThan(200);
    expect(reading(model, 'am6')).toBeCloseTo(53.5, 0);
    expect(reading(model, 'di1')).toBe(1);
    expect(reading(model, 'di2')).toBe(1);
    expect(reading(model, 'di3')).toBe(0);
  });

  it('publishes a full snapshot every interval (staggered per site) and nothing between when nothing changes', () => {
    const model = calm(noAcsSite, { snapshotEveryMs: 10 * MINUTE, oemEveryMs: 1_000 * MINUTE });
    const kinds = model.connectOutputs(START).map((o) => o.kind);
    expect(kinds[0]).toBe('status');
    expect(kinds[kinds.length - 1]).toBe('pins');
    expect(kinds.slice(1, -1).every((k) => k === 'oem' || k === 'raw')).toBe(true);
    const full = model.fullSnapshot();
    const fullLength = full.kind === 'pins' ? full.readings.length : 0;
    const pinsAt = (minutes: number) =>
      model.step(START + minutes * MINUTE).flatMap((o) => (o.kind === 'pins' ? [o.readings.length] : []));
    // the first periodic snapshot comes within one interval of connecting
    expect(pinsAt(10)).toEqual([fullLength]);
    expect(pinsAt(15)).toEqual([]);
    expect(pinsAt(20)).toEqual([fullLength]);
  });
});

describe('SiteModel: load-shedding outage', () => {
  it('mains fail → on battery, voltage falls → DG starts, fuel burns → mains back → DG stops → recharge', () => {
    const model = calm(dgSite);
    const failed = model.applyScenario('mains-fail');
    expect([pinValue(failed, 'am1'), pinValue(failed, 'am2'), pinValue(failed, 'am3')]).toEqual([0, 0, 0]);
    const onBattery = pinValue(failed, 'am6') ?? 0;
    expect(onBattery).toBeLessThan(52);
    expect(pinValue(failed, 'di3')).toBe(0);

    run(model, START, 2);
    expect(reading(model, 'am6')).toBeLessThan(onBattery);

    // the DG starts 3–8 minutes after the mains fail
    const fuelBefore = model.snapshotState().fuelPct;
    run(model, START + 2 * MINUTE, 8);
    expect(reading(model, 'di3')).toBe(1);
    expect(reading(model, 'am1')).toBe(0);
    run(model, START + 10 * MINUTE, 50);
    expect(model.snapshotState().fuelPct).toBeLessThan(fuelBefore);
    // the DG charges the battery back up
    expect(reading(model, 'am6')).toBeGreaterThan(onBattery);

    const restored = model.applyScenario('mains-restore');
    expect(pinValue(restored, 'am1')).toBeGreaterThan(200);
    run(model, START + 60 * MINUTE, 3);
    expect(reading(model, 'di3')).toBe(0);
    run(model, START + 63 * MINUTE, 600);
    expect(reading(model, 'am6')).toBeGreaterThan(53.3);
  });

  it('without a DG the battery keeps falling through low (47 V) and critical (44 V) until the site goes down', () => {
    const model = calm(noDgSite);
    model.applyScenario('dc-low-voltage');
    const voltages: number[] = [reading(model, 'am6')];
    expect(voltages[0]).toBeLessThanOrEqual(47);
    let t = START;
    let downAt: number | null = null;
    for (let i = 0; i < 600 && downAt === null; i++) {
      t += MINUTE;
      model.step(t);
      voltages.push(reading(model, 'am6'));
      if (model.snapshotState().siteDown) downAt = t;
    }
    expect(downAt).not.toBeNull();
    expect(Math.min(...voltages)).toBeLessThanOrEqual(44);
    // falling every 10 minutes until the disconnect
    for (let i = 10; i < voltages.length - 1; i += 10) {
      expect(voltages[i] ?? 0, `minute ${i}`).toBeLessThan(voltages[i - 10] ?? 0);
    }
    // LLVD then BLVD: no load current is drawn any more
    const snapshot = model.fullSnapshot();
    for (const pin of [...PIN_LAYOUT.loadCritical, ...PIN_LAYOUT.loadNonCritical]) {
      const value = pinValue(snapshot, pin);
      if (value !== undefined) expect(value).toBe(0);
    }
  });

  it('raises dg_start_fail when the DG will not start and clears it when mains return', () => {
    const model = calm(dgSite, {
      behaviour: { outagesPerHour: 0, episodes: false, dgStartFailProbability: 1, lockJamProbability: 0 },
    });
    model.applyScenario('mains-fail');
    const outputs = run(model, START, 40);
    const fails = outputs.filter((o) => o.kind === 'events' && o.event === 'dg_start_fail');
    expect(fails).toEqual([{ kind: 'events', event: 'dg_start_fail' }]);
    expect(model.snapshotState().dg).toBe('failed');
    expect(reading(model, 'di3')).toBe(0);
    model.applyScenario('mains-restore');
    const after = run(model, START + 40 * MINUTE, 1);
    expect(after).toContainEqual({ kind: 'events', event: 'dg_start_fail', value: 0 });
  });

  it('starts load-shedding outages by itself at the configured rate', () => {
    const model = calm(noDgSite, {
      behaviour: { outagesPerHour: 0.5, episodes: false, dgStartFailProbability: 0, lockJamProbability: 0 },
    });
    let outages = 0;
    let wasOn = true;
    for (let i = 1; i <= 48 * 60; i++) {
      model.step(START + i * MINUTE);
      const on = model.snapshotState().mainsOn;
      if (wasOn && !on) outages++;
      wasOn = on;
    }
    // 0.5/h base, ×0.5…×2 by hour → roughly 12–40 in 48 h
    expect(outages).toBeGreaterThan(8);
    expect(outages).toBeLessThan(50);
  });
});

describe('SiteModel: climate', () => {
  it('is warmer and drier in the afternoon than before dawn (Dhaka, June)', () => {
    const model = calm(noAcsSite);
    // START is 12:00 local; 15:00 is +3 h, 04:00 next day is +16 h
    run(model, START, 3 * 60);
    const afternoon = { t: reading(model, 'am4'), rh: reading(model, 'am5') };
    run(model, START + 3 * 60 * MINUTE, 13 * 60);
    const dawn = { t: reading(model, 'am4'), rh: reading(model, 'am5') };
    expect(afternoon.t).toBeGreaterThan(dawn.t + 3);
    expect(afternoon.rh).toBeLessThan(dawn.rh);
    for (const value of [afternoon.t, dawn.t]) {
      expect(value).toBeGreaterThan(20);
      expect(value).toBeLessThan(42);
    }
  });
});

describe('SiteModel: determinism', () => {
  const simulate = (seed: number) => {
    const model = new SiteModel(dgSite, { seed, startMs: START, rate: 120 });
    const outputs: SiteOutput[] = [];
    for (let i = 1; i <= 300; i++) outputs.push(...model.step(START + i * 5_000));
    return outputs;
  };

  it('gives the same outputs for the same seed and different ones for another seed', () => {
    const first = simulate(42);
    expect(first.length).toBeGreaterThan(50);
    expect(simulate(42)).toEqual(first);
    expect(simulate(43)).not.toEqual(first);
  });
});

describe('SiteModel: scenarios', () => {
  it.each(SCENARIOS)('%s publishes valid protocol messages', (scenario) => {
    const site = scenario === 'dg-on' ? dgSite : acsSite;
    const model = calm(site);
    const outputs = model.applyScenario(scenario);
    expect(outputs.length).toBeGreaterThan(0);
    const ids = createMsgIdSource(site.com_id, START);
    for (const output of outputs) {
      const message = toDeviceMessage(site.com_id, output, ids, START);
      expect(message.topic.startsWith(`tw/v1/dev/${site.com_id}/`)).toBe(true);
      expect(decodeDevicePayload(message.kind, JSON.stringify(message.payload)).ok).toBe(true);
    }
  });

  it('each scenario shows its condition', () => {
    const get = (site: DemoSite, scenario: (typeof SCENARIOS)[number]) => calm(site).applyScenario(scenario);
    expect(pinValue(get(acsSite, 'mains-fail'), 'am1')).toBe(0);
    expect(pinValue(get(acsSite, 'mains-restore'), 'am1')).toBeGreaterThan(200);
    expect(pinValue(get(acsSite, 'dc-low-voltage'), 'am6')).toBeLessThanOrEqual(47);
    const door = get(acsSite, 'door-open');
    expect(door[0]).toMatchObject({ kind: 'access', granted: true });
    expect(pinValue(door, 'di1')).toBe(0);
    expect(pinValue(door, 'di2')).toBe(0);
    const breach = get(acsSite, 'security-breach');
    expect(breach).toContainEqual({ kind: 'events', event: 'security_breach', pin: 'di1' });
    expect(pinValue(breach, 'di1')).toBe(0);
    expect(pinValue(get(acsSite, 'high-temperature'), 'am4')).toBeGreaterThan(45);
    const dg = get(dgSite, 'dg-on');
    expect(pinValue(dg, 'di3')).toBe(1);
    expect(pinValue(dg, 'am1')).toBe(0);
    expect(get(acsSite, 'device-offline')).toEqual([{ kind: 'status', online: false }]);
    const overload = get(acsSite, 'overload');
    expect((pinValue(overload, 'am10') ?? 0) + (pinValue(overload, 'am11') ?? 0)).toBeGreaterThan(60);
  });

  it('device-offline goes silent, then reconnects with status and a full snapshot', () => {
    const model = calm(acsSite);
    model.applyScenario('device-offline');
    expect(run(model, START, 29)).toEqual([]);
    const back = run(model, START + 29 * MINUTE, 2);
    expect(back[0]).toMatchObject({ kind: 'status', online: true, accessListVersion: 0 });
    expect(back.some((o) => o.kind === 'pins' && o.readings.length > 15)).toBe(true);
  });
});

describe('SiteModel: commands', () => {
  const cmd = { ts: START, params: {} } as const;

  it('unlock releases the lock and relocks after the duration; a redelivered cmd_id is not re-executed', () => {
    const model = calm(acsSite);
    model.fullSnapshot();
    const outputs = model.handleCommand(
      { ...cmd, cmd_id: 'c1', command: 'unlock', params: { duration_s: 120 } },
      START,
    );
    expect(outputs[0]).toEqual({ kind: 'cmd/ack', cmd_id: 'c1', ok: true });
    expect(pinValue(outputs, 'di2')).toBe(0);
    run(model, START, 3);
    expect(reading(model, 'di2')).toBe(1);
    const again = model.handleCommand(
      { ...cmd, cmd_id: 'c1', command: 'unlock', params: { duration_s: 120 } },
      START,
    );
    expect(again).toEqual([{ kind: 'cmd/ack', cmd_id: 'c1', ok: true }]);
    expect(reading(model, 'di2')).toBe(1);
  });

  it('refuses expired commands and unlock on a site without access control', () => {
    expect(
      calm(acsSite).handleCommand(
        { ...cmd, cmd_id: 'c2', command: 'unlock', params: { duration_s: 10 }, expires_at: START - 1 },
        START,
      ),
    ).toEqual([{ kind: 'cmd/ack', cmd_id: 'c2', ok: false, error: 'expired' }]);
    expect(
      calm(noAcsSite).handleCommand(
        { ...cmd, cmd_id: 'c3', command: 'unlock', params: { duration_s: 10 } },
        START,
      ),
    ).toEqual([{ kind: 'cmd/ack', cmd_id: 'c3', ok: false, error: 'unsupported' }]);
  });

  it('a jammed lock reports lock_open_fail, cleared by clear_lock_open_fail', () => {
    const model = calm(acsSite, {
      behaviour: { outagesPerHour: 0, episodes: false, dgStartFailProbability: 0, lockJamProbability: 1 },
    });
    const jammed = model.handleCommand(
      { ...cmd, cmd_id: 'c4', command: 'unlock', params: { duration_s: 10 } },
      START,
    );
    expect(jammed).toContainEqual({ kind: 'cmd/ack', cmd_id: 'c4', ok: false, error: 'lock_jammed' });
    expect(jammed).toContainEqual({ kind: 'events', event: 'lock_open_fail', pin: 'di2' });
    const cleared = model.handleCommand({ ...cmd, cmd_id: 'c5', command: 'clear_lock_open_fail' }, START);
    expect(cleared).toContainEqual({ kind: 'events', event: 'lock_open_fail', value: 0 });
  });

  it('clear_security_breach clears a breach', () => {
    const model = calm(acsSite);
    model.applyScenario('security-breach');
    const outputs = model.handleCommand({ ...cmd, cmd_id: 'c6', command: 'clear_security_breach' }, START);
    expect(outputs).toEqual([
      { kind: 'cmd/ack', cmd_id: 'c6', ok: true },
      { kind: 'events', event: 'security_breach_cleared' },
    ]);
    expect(model.snapshotState().breach).toBe(false);
  });
});
