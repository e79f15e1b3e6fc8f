/** Fuel thefts, refills, the DG's burn at load and battery ageing of the simulated fleet. */
import { buildDemoFleet, type DemoSite, PIN_LAYOUT } from '@towerwatch/fleet';
import { describe, expect, it } from 'vitest';
import { SiteModel } from './site-model.ts';
import type { SiteOutput } from './site-state.ts';

const fleet = buildDemoFleet({ sites: 60 });
const START = Date.UTC(2025, 5, 1, 6, 0);
const HOUR = 3_600_000;
const dgSites = fleet.sites.filter((s) => s.has_dg);

const fuelOf = (o: SiteOutput) =>
  o.kind === 'pins' ? o.readings.find((r) => r.pin === PIN_LAYOUT.dgFuel)?.value : undefined;

function model(site: DemoSite, seed = 3) {
  return new SiteModel(site, { seed, startMs: START, rate: 60, initial: 'normal' });
}

describe('fuel scenarios', () => {
  it('fuel-theft publishes 5 snapshots at the given level, then 20 at 25 % below; fuel-refill fills to 95 %', () => {
    const site = dgSites[0] as DemoSite;
    const m = model(site);
    m.setFuelLevel(70);
    const theft = m.applyScenario('fuel-theft').map(fuelOf);
    expect(theft.slice(0, 5)).toEqual([70, 70, 70, 70, 70]);
    expect(theft.slice(5)).toEqual(Array.from({ length: 20 }, () => 45));
    const refill = m.applyScenario('fuel-refill').map(fuelOf);
    expect(refill.slice(0, 5)).toEqual([45, 45, 45, 45, 45]);
    expect(refill[refill.length - 1]).toBe(95);
  });
});

describe('a simulated week of the DG sites', () => {
  it('has thefts on some sites (sharp unexplained drops) and no negative or noisy-only levels', {
    timeout: 60_000,
  }, () => {
    let sitesWithTheft = 0;
    for (const site of dgSites.slice(0, 20)) {
      const m = model(site);
      let theft = false;
      for (let h = 1; h <= 7 * 24; h++) {
        m.step(START + (h * HOUR) / 60);
        const s = m.snapshotState();
        if (s.theftUntil !== null) theft = true;
        expect(s.fuelPct).toBeGreaterThanOrEqual(0);
        expect(Math.abs((s.fuelSensorPct ?? s.fuelPct) - s.fuelPct)).toBeLessThan(3);
      }
      if (theft) sitesWithTheft++;
    }
    expect(sitesWithTheft).toBeGreaterThan(0);
    expect(sitesWithTheft).toBeLessThan(20);
  });

  it('ages the battery bank with its outages', { timeout: 60_000 }, () => {
    const site = fleet.sites.find((s) => !s.has_dg && !s.has_pg) as DemoSite;
    const m = model(site);
    const before = m.snapshotState().batteryHealth;
    for (let h = 1; h <= 14 * 24; h++) m.step(START + (h * HOUR) / 60);
    const after = m.snapshotState().batteryHealth;
    expect(before).toBeGreaterThanOrEqual(0.55);
    expect(after).toBeLessThan(before);
  });
});
