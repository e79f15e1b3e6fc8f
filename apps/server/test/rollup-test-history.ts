/** A scripted transition history for the rollup cross-check (tests only): deterministic, whole minutes. */
const MIN = 60_000;

/** A small deterministic generator (mulberry32): the same history every run. */
export function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Tr {
  site: string;
  name: string;
  tenant: string;
  time: number;
  active: boolean;
}

/** Alternating on/off transitions on whole minutes from `start` up to `now` (on-phases up to `maxOn` minutes). */
export function history(
  rand: () => number,
  site: string,
  name: string,
  tenant: string,
  maxOn: number,
  maxOff: number,
  start: number,
  now: number,
): Tr[] {
  const list: Tr[] = [];
  let t = start + Math.floor(rand() * 600) * MIN;
  let active = rand() < 0.5;
  while (t < now) {
    list.push({ site, name, tenant, time: t, active });
    t += (1 + Math.floor(rand() * (active ? maxOn : maxOff))) * MIN;
    active = !active;
  }
  return list;
}
