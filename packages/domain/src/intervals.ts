/** Interval arithmetic over [start, end) millisecond ranges. */
export type Interval = readonly [number, number];

/** Sorted, merged union. */
export function union(list: readonly Interval[]): Interval[] {
  const sorted = list.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Intersection of two unions. */
export function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const [a0, a1] of union(a)) {
    for (const [b0, b1] of union(b)) {
      const s = Math.max(a0, b0);
      const e = Math.min(a1, b1);
      if (e > s) out.push([s, e]);
    }
  }
  return union(out);
}

export function totalMs(list: readonly Interval[]): number {
  return union(list).reduce((n, [a, b]) => n + (b - a), 0);
}

/** Clips to [from, until). */
export function clip(list: readonly Interval[], from: number, until: number): Interval[] {
  return list.map(([a, b]) => [Math.max(a, from), Math.min(b, until)] as const).filter(([a, b]) => b > a);
}

/**
 * Periods a condition was on, from transitions (time, active) sorted by time, given the state at
 * `from`; an open period ends at `until`.
 */
export function periodsFromTransitions(
  initiallyOn: boolean,
  transitions: readonly { at: number; active: boolean }[],
  from: number,
  until: number,
): Interval[] {
  const out: Interval[] = [];
  let since: number | null = initiallyOn ? from : null;
  for (const t of transitions) {
    if (t.active && since === null) since = t.at;
    if (!t.active && since !== null) {
      out.push([since, t.at]);
      since = null;
    }
  }
  if (since !== null) out.push([since, until]);
  return clip(out, from, until);
}
