/** OEM physics of a simulated site: module currents, failing modules, weak cells, SOH, service. */
import { type BmsMeasurementRecord, decodeDevicePayload } from '@towerwatch/contract';
import { buildDemoFleet, createRandom, type DemoSite } from '@towerwatch/fleet';
import { describe, expect, it } from 'vitest';
import { createMsgIdSource, toDeviceMessage } from './device-message.ts';
import { createInitialState } from './site-init.ts';
import { modulesInstalled, SiteOem } from './site-oem.ts';
import type { SiteOutput, SiteState } from './site-state.ts';
import { totalLoad } from './site-state.ts';

const fleet = buildDemoFleet({ sites: 200 });
const START = Date.UTC(2025, 5, 1, 6, 0);
const DAY = 86_400_000;
const bmsSites = fleet.sites.filter((s) => s.bms);

function state(site: DemoSite): SiteState {
  return createInitialState(site, createRandom(1), START, 'normal');
}

const records = (outputs: SiteOutput[]) => outputs.flatMap((o) => (o.kind === 'oem' ? [o.record] : []));

describe('SiteOem', () => {
  it('module currents sum to the load plus the charging current, a failed module carries none', () => {
    let failures = 0;
    for (const site of fleet.sites.slice(0, 60)) {
      const s = state(site);
      const oem = new SiteOem(site, 1, 90, START);
      const m = records(oem.outputs(s, START)).find((r) => r.kind === 'rectifier_measurement');
      if (m?.kind !== 'rectifier_measurement') throw new Error('no measurement');
      expect(m.modules).toHaveLength(modulesInstalled(site));
      const sum = m.modules.reduce((a, x) => a + x.output_current, 0);
      expect(sum).toBeCloseTo(totalLoad(s) + Math.max(0, m.battery_current ?? 0), 1);
      for (const mod of m.modules.filter((x) => x.status === 'fail')) {
        failures += 1;
        expect(mod.output_current).toBe(0);
      }
      expect(m.clock?.year).toBe(25);
    }
    // About one site in twelve starts with a failed module.
    expect(failures).toBeGreaterThan(0);
  });

  it('a weak cell drifts lower and the state of health falls over the days', () => {
    const spreads: number[] = [];
    const sohs: number[] = [];
    let weakSites = 0;
    for (const site of bmsSites.slice(0, 30)) {
      const oem = new SiteOem(site, 1, 90, START);
      const at = (days: number) => {
        const s = { ...state(site), simMs: START + days * DAY };
        const bms = records(oem.outputs(s, START + days * DAY)).find(
          (r) => r.kind === 'bms_measurement',
        ) as BmsMeasurementRecord;
        const cells = bms.cell_voltages;
        return { spread: Math.max(...cells) - Math.min(...cells), soh: bms.soh };
      };
      const [d0, d30] = [at(0), at(30)];
      if (d0.spread > 0.025) {
        weakSites += 1;
        spreads.push(d30.spread - d0.spread);
      }
      sohs.push(d30.soh - d0.soh);
    }
    expect(weakSites).toBeGreaterThan(2);
    expect(weakSites).toBeLessThan(30);
    expect(spreads.every((d) => d > 0.1)).toBe(true);
    expect(sohs.every((d) => d < 0)).toBe(true);
  });

  it('sites with a large bank have two battery addresses', () => {
    const two = bmsSites.filter((s) => new SiteOem(s, 1, 90, START).batteries === 2);
    expect(two.length).toBeGreaterThan(0);
    const site = two[0] as DemoSite;
    const addresses = records(new SiteOem(site, 1, 90, START).outputs(state(site), START)).flatMap((r) =>
      r.kind === 'bms_measurement' ? [r.address] : [],
    );
    expect(addresses).toEqual([1, 2]);
  });

  it('builds valid device messages, status with its service', () => {
    const site = bmsSites[0] as DemoSite;
    const oem = new SiteOem(site, 1, 90, START);
    const nextId = createMsgIdSource(site.com_id, START);
    const outputs: SiteOutput[] = [
      { kind: 'status', online: true, service: oem.service(START) },
      ...oem.bootRecords(),
      ...oem.outputs(state(site), START),
    ];
    for (const output of outputs.filter((o) => o.kind !== 'raw')) {
      const message = toDeviceMessage(site.com_id, output, nextId, START);
      expect(decodeDevicePayload(message.kind, Buffer.from(JSON.stringify(message.payload))).ok).toBe(true);
    }
    // A site with the buggy BMS firmware sends, now and then, a record the server refuses.
    const buggy = bmsSites
      .map((s) => ({ s, o: new SiteOem(s, 1, 90, START) }))
      .flatMap(({ s, o }) => Array.from({ length: 20 }, () => o.outputs(state(s), START)).flat())
      .filter((o) => o.kind === 'raw');
    expect(buggy.length).toBeGreaterThan(0);
    for (const output of buggy.slice(0, 3)) {
      const message = toDeviceMessage(site.com_id, output, nextId, START);
      expect(decodeDevicePayload(message.kind, Buffer.from(JSON.stringify(message.payload))).ok).toBe(false);
    }
    const service = oem.service(START + 3_600_000);
    expect(service.model).toMatch(/RMS/);
    expect(typeof service.rssi_dbm).toBe('number');
  });
});
