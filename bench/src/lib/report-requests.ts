/**
 * Times `requests` GETs of one report URL on the bench server, sampling the server's RSS every 50 ms
 * while they run (the analytics and SLA benchmarks). Returns the last reply's body for callers that
 * read a figure from it.
 */
import type { ServerHandle } from './server.ts';
import { type Percentiles, percentiles } from './util.ts';

export interface ReportTiming {
  status: number;
  body: Buffer;
  replyKB: number;
  latencyMs: Percentiles;
  peakRssMb: number;
}

export async function timeReportRequests(
  server: ServerHandle,
  token: string,
  url: string,
  requests: number,
): Promise<ReportTiming> {
  const times: number[] = [];
  let status = 0;
  let body = Buffer.alloc(0);
  let peak = server.rssMb();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 50);
  try {
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
      body = Buffer.from(await res.arrayBuffer());
      times.push(performance.now() - t0);
      status = res.status;
    }
  } finally {
    clearInterval(timer);
  }
  return {
    status,
    body,
    replyKB: Math.round(body.length / 102.4) / 10,
    latencyMs: percentiles(times),
    peakRssMb: peak,
  };
}
