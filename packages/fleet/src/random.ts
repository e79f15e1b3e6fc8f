/** A small seeded pseudo-random generator (mulberry32) so the fleet and the simulator are reproducible. */

/** Deterministic random source; every method advances the same stream. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element chosen by weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** Approximately normal with the given mean and standard deviation. */
  normal(mean: number, sd: number): number;
}

/** Mixes two integers into a 32-bit seed (for per-item streams such as `seed × site index`). */
export function mixSeed(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Creates a generator from a seed; the same seed always gives the same sequence. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    normal: (mean, sd) => {
      // Irwin–Hall: the sum of 6 uniforms is close enough to normal for simulated noise.
      let sum = 0;
      for (let i = 0; i < 6; i++) sum += next();
      return mean + (sum - 3) * sd * Math.SQRT2;
    },
  };
  return random;
}
