/**
 * Names of the server's Prometheus metrics that other programs read (GET /metrics): the benchmarks
 * record the event-loop delay of each step from them (issue 20).
 */

/**
 * Event-loop delay gauges in milliseconds over the window since the previous scrape (each scrape
 * starts a new window); NaN when the window has no sample.
 */
export const EVENT_LOOP_DELAY_METRICS = {
  p50Ms: 'event_loop_delay_p50_ms',
  p99Ms: 'event_loop_delay_p99_ms',
  maxMs: 'event_loop_delay_max_ms',
  meanMs: 'event_loop_delay_mean_ms',
  samples: 'event_loop_delay_samples',
} as const;

/** One window of event-loop delay in milliseconds (null: no sample in the window). */
export type EventLoopDelayWindow = {
  [K in keyof typeof EVENT_LOOP_DELAY_METRICS]: K extends 'samples' ? number : number | null;
};
