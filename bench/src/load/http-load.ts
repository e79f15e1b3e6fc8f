/**
 * HTTP load generator, run as a child process by api.ts: for each config it receives, autocannon
 * against that endpoint; besides autocannon's own summary it keeps every response time so
 * p50/p95/p99 are exact. Configs are handled one at a time; the parent disconnects when done.
 */
import autocannon from 'autocannon';

export interface HttpLoadConfig {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationS: number;
  /** Stop after this many requests instead of after `durationS` (the tiny test configuration). */
  amount?: number;
}

export interface HttpLoadResult {
  requests: number;
  requestsPerS: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencies: number[];
  autocannon: { p50: number; p90: number; p97_5: number; p99: number; max: number; average: number };
}

process.on('message', (config: HttpLoadConfig) => {
  const latencies: number[] = [];
  const instance = autocannon(
    {
      url: config.url,
      method: config.method,
      headers: config.headers,
      body: config.body,
      connections: config.connections,
      duration: config.durationS,
      ...(config.amount ? { amount: config.amount } : {}),
      timeout: 30,
    },
    (err, result) => {
      if (err) {
        process.send?.({ error: err.message });
        return;
      }
      const out: HttpLoadResult = {
        requests: result.requests.total,
        requestsPerS: Math.round((result.requests.total / Math.max(result.duration, 0.001)) * 10) / 10,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        latencies,
        autocannon: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          max: result.latency.max,
          average: result.latency.average,
        },
      };
      process.send?.(out);
    },
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
});

process.on('disconnect', () => process.exit(0));
