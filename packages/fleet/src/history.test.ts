import { describe, expect, it } from 'vitest';
import { buildDemoFleet } from './build-fleet.ts';
import { siteHistory } from './history.ts';
import { PIN_LAYOUT } from './pin-layout.ts';

const fleet = buildDemoFleet({ sites: 40 });
const FROM = Date.UTC(2026, 2, 1);
const UNTIL = FROM + 7 * 86_400_000;

describe('siteHistory', () => {
  it('is deterministic and pairs every start with an end per tenant', () => {
    const site = fleet.sites[0];
    if (!site) throw new Error('no site');
    const a = siteHistory(site, FROM, UNTIL);
    expect(siteHistory(site, FROM, UNTIL).events).toEqual(a.events);
    for (const name of ['mains_fail', 'battery_power', 'dg_power']) {
      const on = a.events.filter((e) => e.name === name && e.active).length;
      const off = a.events.filter((e) => e.name === name && !e.active).length;
      expect(on).toBe(off);
    }
  });

  it('shows outages in the readings: phases 0, the generator running, the battery falling without it', () => {
    const dgSite = fleet.sites.find((s) => s.has_dg);
    const lone = fleet.sites.find((s) => !s.has_dg && !s.has_pg);
    if (!dgSite || !lone) throw new Error('fleet lacks sites');
    const h = siteHistory(dgSite, FROM, UNTIL);
    const withGen = h.outages.find((o) => o.gen?.kind === 'dg');
    if (!withGen?.gen) throw new Error('no DG outage in a week');
    const during = h.readingsAt(withGen.gen.start + 60_000);
    expect(during[PIN_LAYOUT.mainPhaseA]).toBe(0);
    expect(during[PIN_LAYOUT.dgStatus]).toBe(1);
    const l = siteHistory(lone, FROM, UNTIL);
    const o = l.outages.find((x) => x.end - x.start > 40 * 60_000);
    if (!o) throw new Error('no long outage');
    const early = l.readingsAt(o.start + 60_000)[PIN_LAYOUT.batteryTerminal] ?? 0;
    const late = l.readingsAt(o.end - 60_000)[PIN_LAYOUT.batteryTerminal] ?? 0;
    expect(late).toBeLessThan(early);
    expect(l.readingsAt(o.end + 3 * 3_600_000)[PIN_LAYOUT.batteryTerminal]).toBeCloseTo(53.5, 0);
  });

  it('keeps fuel between 0 and 100 and writes refills and thefts with litres', () => {
    const events = fleet.sites
      .filter((s) => s.has_dg)
      .flatMap((s) => {
        const h = siteHistory(s, FROM, UNTIL);
        for (let t = FROM; t < UNTIL; t += 3_600_000) {
          const fuel = h.readingsAt(t)[PIN_LAYOUT.dgFuel] ?? 0;
          expect(fuel).toBeGreaterThanOrEqual(0);
          expect(fuel).toBeLessThanOrEqual(100);
        }
        return h.events;
      });
    const thefts = events.filter((e) => e.name === 'fuel_theft_suspected');
    expect(thefts.length).toBeGreaterThan(0);
    expect(thefts.every((e) => (e.value ?? 0) > 0)).toBe(true);
  });
});
