/**
 * Past power data of a demo site (deterministic from the site and a seed): grid outages, the DG or
 * PG covering them, the battery on its own otherwise, DG fuel with burn, refills and now and then a
 * theft, shelter climate and the DC loads. The server's first start back-fills the last days from it
 * so every power page has history at once; the bench uses it for a year of one-minute telemetry.
 * Pins follow `PIN_LAYOUT`; event names and `active` are those the alarm engine writes.
 */
import { dgBurnLitresPerHour } from '@towerwatch/domain';
import { PIN_LAYOUT } from './pin-layout.ts';
import { createRandom, mixSeed } from './random.ts';
import type { DemoSite } from './types.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DHAKA = 6 * HOUR;

export interface HistoryOutage {
  start: number;
  end: number;
  /** When a generator (DG, else PG) ran during the outage; null if none. */
  gen: { kind: 'dg' | 'pg'; start: number; end: number } | null;
}

export interface HistoryEvent {
  name: string;
  /** null = site-wide (fuel events). */
  tenant: string | null;
  time: number;
  active: boolean;
  value: number | null;
}

export interface SiteHistory {
  outages: HistoryOutage[];
  events: HistoryEvent[];
  /** The site's readings at a time in [from, until). */
  readingsAt(t: number): Record<string, number>;
}

function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Builds the history of `site` over [from, until) (epoch ms). */
export function siteHistory(site: DemoSite, from: number, until: number, seed = 1): SiteHistory {
  const r = createRandom(mixSeed(seed, hashString(`${site.com_id}/history`)));
  const outages: HistoryOutage[] = [];
  for (let day = from; day < until; day += DAY) {
    const n = r.int(0, 3);
    for (let i = 0; i < n; i++) {
      const start = day + r.range(0, DAY);
      const end = start + (r.chance(0.15) ? r.range(150, 300) : r.range(20, 140)) * MINUTE;
      if (end >= until || outages.some((o) => start < o.end + 30 * MINUTE && end > o.start - 30 * MINUTE))
        continue;
      const dg = site.has_dg && r.chance(0.9);
      const pg = !dg && site.has_pg && end - start > 60 * MINUTE;
      const gen = dg
        ? { kind: 'dg' as const, start: start + r.range(3, 8) * MINUTE, end: end + 2 * MINUTE }
        : pg
          ? { kind: 'pg' as const, start: start + r.range(30, 50) * MINUTE, end }
          : null;
      outages.push({ start, end, gen });
    }
  }
  outages.sort((a, b) => a.start - b.start);
  const nominal = site.tenants.map((t) => site.power.nominal_load_a[t] ?? 20);
  const loadAt = (t: number) => {
    const hour = ((t + DHAKA) % DAY) / HOUR;
    const traffic = 1 + 0.1 * Math.sin(((hour - 14) / 24) * 2 * Math.PI);
    return nominal.map((a) => a * traffic);
  };
  const totalLoad = (t: number) => loadAt(t).reduce((a, b) => a + b, 0);
  const health = 0.55 + ((hashString(site.com_id) % 1000) / 1000) * 0.45;
  const capacity = site.battery_max * health;
  const tank = site.power.dg_tank_litres ?? 150;

  // Fuel: burn while the DG runs, a tanker refill when low, a theft on about a third of the DG sites.
  const events: HistoryEvent[] = [];
  const fuelSteps: { t: number; level: number }[] = [];
  let level = r.range(45, 90);
  fuelSteps.push({ t: from, level });
  const theftAt = site.has_dg && r.chance(0.35) ? from + r.range(0.2, 0.9) * (until - from) : null;
  let theftDone = false;
  for (const o of outages) {
    if (theftAt !== null && !theftDone && theftAt < o.start) {
      const pct = r.range(12, 25);
      level = Math.max(0, level - pct);
      fuelSteps.push({ t: theftAt, level });
      events.push({
        name: 'fuel_theft_suspected',
        tenant: null,
        time: theftAt,
        active: true,
        value: round((pct * tank) / 100, 1),
      });
      theftDone = true;
    }
    if (o.gen?.kind !== 'dg') continue;
    const hours = (o.gen.end - o.gen.start) / HOUR;
    const kw = (totalLoad(o.gen.start) * 53.5) / 1000;
    level = Math.max(0, level - ((dgBurnLitresPerHour(kw) * hours) / tank) * 100);
    fuelSteps.push({ t: o.gen.end, level });
    if (level < 20) {
      const at = o.gen.end + r.range(2, 6) * HOUR;
      const added = 95 - level;
      level = 95;
      fuelSteps.push({ t: at, level });
      events.push({
        name: 'fuel_refill',
        tenant: null,
        time: at,
        active: true,
        value: round((added * tank) / 100, 1),
      });
    }
  }
  // Alarm transitions of the outages, per tenant (as the engine writes them).
  for (const o of outages) {
    const onBattery: [number, number][] = o.gen
      ? [[o.start, o.gen.start], ...(o.gen.end < o.end ? [[o.gen.end, o.end] as [number, number]] : [])]
      : [[o.start, o.end]];
    for (const tenant of site.tenants) {
      const pair = (name: string, a: number, b: number) => {
        events.push(
          { name, tenant, time: a, active: true, value: null },
          { name, tenant, time: b, active: false, value: null },
        );
      };
      pair('mains_fail', o.start, o.end);
      for (const [a, b] of onBattery) {
        pair('battery_power', a, b);
        pair('mains_outage', a, b);
      }
      if (o.gen) pair(o.gen.kind === 'dg' ? 'dg_power' : 'pg_power', o.gen.start, o.gen.end);
    }
  }
  events.sort((a, b) => a.time - b.time);

  fuelSteps.sort((a, b) => a.t - b.t);
  /** Index of the last item whose time is ≤ t (binary search; -1 if none). */
  const lastAtOrBefore = <T>(list: readonly T[], time: (x: T) => number, t: number) => {
    let lo = 0;
    let hi = list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (time(list[mid] as T) <= t) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  // An outage's effect lasts until 90 minutes after it ends (the bank recharging).
  const outageAt = (t: number) => {
    const o = outages[lastAtOrBefore(outages, (x) => x.start, t)];
    return o && t < o.end + 90 * MINUTE ? o : undefined;
  };
  const fuelAt = (t: number) =>
    fuelSteps[
      Math.max(
        0,
        lastAtOrBefore(fuelSteps, (x) => x.t, t),
      )
    ]?.level ?? 50;
  const noise = (t: number, k: number) =>
    Math.sin(t / 7919 + k * 13.37) * 0.5 + Math.sin(t / 104729 + k) * 0.5;
  return {
    outages,
    events,
    readingsAt(t) {
      const o = outageAt(t);
      const inOutage = o !== undefined && t < o.end;
      const genOn = o?.gen !== null && o?.gen !== undefined && t >= o.gen.start && t < o.gen.end;
      const loads = loadAt(t);
      const load = loads.reduce((a, b) => a + b, 0);
      let volts = 53.5;
      if (o) {
        // State of charge drained while on battery since the outage began (before the generator).
        const batteryMs = Math.max(0, Math.min(t, o.gen ? o.gen.start : o.end) - o.start);
        const soc = Math.max(0, 1 - (load * batteryMs) / HOUR / capacity);
        if (inOutage && !genOn) volts = 42.5 + (51.6 - 42.5) * soc ** 0.8 - load * 0.01;
        else volts = Math.min(53.5, 52 + ((t - Math.min(t, o.gen ? o.gen.start : o.end)) / HOUR) * 1.5 + soc);
      }
      const hour = ((t + DHAKA) % DAY) / HOUR;
      const month = new Date(t + DHAKA).getUTCMonth();
      const mean = [19, 22, 26, 29, 30, 30, 29, 29, 29, 28, 24, 20][month] ?? 27;
      const temp = mean + 4.5 * Math.cos(((hour - 15) / 24) * 2 * Math.PI) + 2 + (inOutage && !genOn ? 6 : 0);
      const out: Record<string, number> = {
        [PIN_LAYOUT.mainPhaseA]: inOutage ? 0 : round(230 + 4 * noise(t, 1), 1),
        [PIN_LAYOUT.mainPhaseB]: inOutage ? 0 : round(231 + 4 * noise(t, 2), 1),
        [PIN_LAYOUT.mainPhaseC]: inOutage ? 0 : round(229 + 4 * noise(t, 3), 1),
        [PIN_LAYOUT.temperature]: round(temp + 0.3 * noise(t, 4), 1),
        [PIN_LAYOUT.humidity]: Math.round(78 - 1.4 * (temp - mean) + 3 * noise(t, 5)),
        [PIN_LAYOUT.batteryTerminal]: round(volts + 0.03 * noise(t, 6), 2),
      };
      if (site.has_dg) {
        out[PIN_LAYOUT.dgFuel] = round(Math.max(0, fuelAt(t) + 0.6 * noise(t, 7)), 1);
        out[PIN_LAYOUT.dgStatus] = genOn && o?.gen?.kind === 'dg' ? 1 : 0;
      }
      if (site.has_pg) out[PIN_LAYOUT.pgStatus] = genOn && o?.gen?.kind === 'pg' ? 1 : 0;
      site.tenants.forEach((_, slot) => {
        const amps = loads[slot] ?? 0;
        const critical = PIN_LAYOUT.loadCritical[slot];
        const nonCritical = PIN_LAYOUT.loadNonCritical[slot];
        if (critical) out[critical] = round(amps * 0.7 * (1 + 0.02 * noise(t, 8 + slot)), 1);
        if (nonCritical) out[nonCritical] = round(amps * 0.3, 1);
      });
      return out;
    },
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
