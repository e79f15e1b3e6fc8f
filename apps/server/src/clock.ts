/** Injected time source: services take a `clock` so tests control time. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export interface ManualClock extends Clock {
  set(at: Date | string | number): void;
  advance(ms: number): void;
}

/** Creates a {@link ManualClock} starting at `start` (default: now). */
export function createManualClock(start: Date | string | number = Date.now()): ManualClock {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (at) => {
      t = new Date(at).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
