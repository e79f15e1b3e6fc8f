/**
 * Event-loop delay of this process (issue 20): `perf_hooks.monitorEventLoopDelay` sampled every
 * {@link EVENT_LOOP_SAMPLE_MS}, exposed as Prometheus gauges in milliseconds (p50, p99, max, mean,
 * samples; names in the contract's `EVENT_LOOP_DELAY_METRICS`). Like prom-client's own event-loop
 * metrics, each scrape reads the window since the previous scrape and starts a new one, so a benchmark
 * scrapes once before a step and once after it.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { EVENT_LOOP_DELAY_METRICS, type EventLoopDelayWindow } from '@towerwatch/contract';
import { Gauge, type Registry } from 'prom-client';

/** Sampling interval of the delay monitor (ms). A stall longer than this is seen as one long sample. */
export const EVENT_LOOP_SAMPLE_MS = 10;

const HELP: Record<keyof EventLoopDelayWindow, string> = {
  p50Ms: 'Median event-loop delay (ms) since the previous scrape.',
  p99Ms: '99th percentile of the event-loop delay (ms) since the previous scrape.',
  maxMs: 'Longest event-loop delay (ms) since the previous scrape.',
  meanMs: 'Mean event-loop delay (ms) since the previous scrape.',
  samples: 'Event-loop delay samples since the previous scrape.',
};

/**
 * A sample of the histogram is the time between two ticks of the monitor's timer: the sampling interval
 * plus how late the tick came. The delay is the lateness (ms, two decimals, never below 0).
 */
const delayMs = (ns: number) => Math.max(0, Math.round((ns - EVENT_LOOP_SAMPLE_MS * 1e6) / 1e4) / 100);

/** Monitors already registered, per registry, with how many apps use each (apps can share a container). */
const registered = new WeakMap<Registry, { users: number; stop: () => void }>();

/**
 * Starts the monitor and registers its gauges on `registry` (once per registry: a second app built on
 * the same container shares them); returns the release function, which stops the monitor when its last
 * user releases it. Reading the gauges (a scrape) resets the window.
 */
export function registerEventLoopDelay(registry: Registry): () => void {
  let entry = registered.get(registry);
  if (!entry) {
    entry = { users: 0, stop: startMonitor(registry) };
    registered.set(registry, entry);
  }
  const shared = entry;
  shared.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    shared.users -= 1;
    if (shared.users === 0) {
      shared.stop();
      for (const name of Object.values(EVENT_LOOP_DELAY_METRICS)) registry.removeSingleMetric(name);
      registered.delete(registry);
    }
  };
}

function startMonitor(registry: Registry): () => void {
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_SAMPLE_MS });
  histogram.enable();
  const gauges = {} as Record<keyof EventLoopDelayWindow, Gauge>;
  const fields = Object.keys(EVENT_LOOP_DELAY_METRICS) as (keyof EventLoopDelayWindow)[];
  for (const field of fields) {
    gauges[field] = new Gauge({
      name: EVENT_LOOP_DELAY_METRICS[field],
      help: HELP[field],
      registers: [registry],
      // One collect (on the first gauge, collected first) reads the window for all of them and starts
      // the next one.
      ...(field === fields[0]
        ? {
            collect() {
              const w = readWindow();
              for (const f of fields) {
                const value = w[f];
                // NaN is Prometheus's "no value": an empty window has no percentile.
                gauges[f].set(value === null ? Number.NaN : value);
              }
            },
          }
        : {}),
    });
  }
  function readWindow(): EventLoopDelayWindow {
    const samples = histogram.count;
    const w: EventLoopDelayWindow =
      samples === 0
        ? { p50Ms: null, p99Ms: null, maxMs: null, meanMs: null, samples }
        : {
            p50Ms: delayMs(histogram.percentile(50)),
            p99Ms: delayMs(histogram.percentile(99)),
            maxMs: delayMs(histogram.max),
            meanMs: delayMs(histogram.mean),
            samples,
          };
    histogram.reset();
    return w;
  }
  return () => histogram.disable();
}
