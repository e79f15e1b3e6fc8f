/** The event-loop delay gauges: a blocked loop is seen, and each scrape starts a new window. */
import { EVENT_LOOP_DELAY_METRICS } from '@towerwatch/contract';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerEventLoopDelay } from './event-loop-delay.ts';

/** The value of each gauge in a Prometheus text exposition. */
async function scrape(registry: Registry): Promise<Record<string, number>> {
  const values: Record<string, number> = {};
  for (const line of (await registry.metrics()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [key, value] = line.split(' ');
    if (key) values[key] = Number(value);
  }
  return values;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until a scrape has samples. The monitor's first tick only starts its clock; on a busy machine a
 * fixed sleep can end before its second (each try's scrape starts a new window, so the last one counts).
 */
const hasSamples = (registry: Registry) =>
  vi.waitFor(
    async () => expect((await scrape(registry))[EVENT_LOOP_DELAY_METRICS.samples]).toBeGreaterThan(0),
    { timeout: 20_000, interval: 20 },
  );

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe('event-loop delay', () => {
  it('reports a blocked event loop in milliseconds', async () => {
    const registry = new Registry();
    stop = registerEventLoopDelay(registry);
    await sleep(30);
    const until = performance.now() + 80;
    while (performance.now() < until) {
      // Block the event loop: the monitor's next sample is late by at least ~70 ms.
    }
    await sleep(30);
    const m = await scrape(registry);
    expect(m[EVENT_LOOP_DELAY_METRICS.samples]).toBeGreaterThan(0);
    expect(m[EVENT_LOOP_DELAY_METRICS.maxMs]).toBeGreaterThanOrEqual(60);
    expect(m[EVENT_LOOP_DELAY_METRICS.maxMs]).toBeGreaterThanOrEqual(m[EVENT_LOOP_DELAY_METRICS.p99Ms] ?? 0);
    expect(m[EVENT_LOOP_DELAY_METRICS.p99Ms]).toBeGreaterThanOrEqual(m[EVENT_LOOP_DELAY_METRICS.p50Ms] ?? 0);
  });

  it('starts a new window at each scrape (no sample yet: no value)', async () => {
    const registry = new Registry();
    stop = registerEventLoopDelay(registry);
    await hasSamples(registry);
    // No turn of the event loop between the two scrapes (only promises): the new window is empty.
    const next = await scrape(registry);
    expect(next[EVENT_LOOP_DELAY_METRICS.samples]).toBe(0);
    expect(next[EVENT_LOOP_DELAY_METRICS.p99Ms]).toBeNaN();
    expect(next[EVENT_LOOP_DELAY_METRICS.maxMs]).toBeNaN();
  });

  it('is registered once per registry: two apps on one container share it until the last releases it', async () => {
    const registry = new Registry();
    const first = registerEventLoopDelay(registry);
    const second = registerEventLoopDelay(registry);
    await hasSamples(registry);
    first();
    first();
    await hasSamples(registry);
    second();
    expect(registry.getSingleMetric(EVENT_LOOP_DELAY_METRICS.samples)).toBeUndefined();
    stop = registerEventLoopDelay(registry);
    expect(registry.getSingleMetric(EVENT_LOOP_DELAY_METRICS.samples)).toBeDefined();
  });
});
