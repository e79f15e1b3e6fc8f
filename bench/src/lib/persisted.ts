/**
 * What the server committed, seen from outside: sampled messages timed from device time to their
 * committed row (ProbeTracker), the persisted message and value counts, and waiting until a load is
 * drained. Used by the ingest rig (rig.ts) and the ingest benchmark.
 */
import type { Probe } from './publishers.ts';
import { ingestMetrics, type ServerHandle } from './server.ts';
import { type Percentiles, percentiles, sleep } from './util.ts';

/**
 * Times sampled messages from their device timestamp to the moment their `ingest_messages` row is
 * visible (written in the same transaction as the readings, so visible = committed), polling every
 * 50 ms; the resolution is that interval.
 */
export class ProbeTracker {
  private pending = new Map<string, { comId: string; msgId: string; ts: number }>();
  private latencies: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  constructor(private readonly server: ServerHandle) {}

  add = (probes: Probe[]) => {
    for (const [comId, msgId, ts] of probes) this.pending.set(`${comId}/${msgId}`, { comId, msgId, ts });
  };

  start(): void {
    this.timer = setInterval(() => void this.poll(), 50);
  }

  private async poll(): Promise<void> {
    if (this.busy || this.pending.size === 0) return;
    this.busy = true;
    try {
      const batch = [...this.pending.values()].slice(0, 5000);
      const { rows } = await this.server.pool.query<{ com_id: string; msg_id: string }>(
        `select m.com_id, m.msg_id from ingest_messages m
         join unnest($1::text[], $2::text[]) as u(c, i) on m.com_id = u.c and m.msg_id = u.i`,
        [batch.map((p) => p.comId), batch.map((p) => p.msgId)],
      );
      const now = Date.now();
      for (const row of rows) {
        const key = `${row.com_id}/${row.msg_id}`;
        const probe = this.pending.get(key);
        if (!probe) continue;
        this.latencies.push(now - probe.ts);
        this.pending.delete(key);
      }
    } catch {
      // the next poll tries again
    } finally {
      this.busy = false;
    }
  }

  /** Waits until every probe was seen or `timeoutMs` passed; returns the latencies and resets. */
  async finish(timeoutMs: number): Promise<{ latency: Percentiles; missing: number }> {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.size > 0 && Date.now() < deadline) await sleep(50);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.busy) await sleep(10);
    const out = { latency: percentiles(this.latencies), missing: this.pending.size };
    this.pending.clear();
    this.latencies = [];
    return out;
  }
}

/** Messages the server has taken in (accepted + duplicates + rejected), from GET /metrics. */
async function processedCount(server: ServerHandle): Promise<number | null> {
  // NATS: the ingest workers count, not the server: the rows are counted instead.
  if (server.broker === 'nats') return null;
  try {
    const m = await ingestMetrics(server.baseUrl);
    const rejected = Object.entries(m)
      .filter(([k]) => k.startsWith('device_messages_rejected_total'))
      .reduce((s, [, v]) => s + v, 0);
    return (m.device_messages_accepted_total ?? 0) + rejected + (m.device_messages_failed_total ?? 0);
  } catch {
    return null;
  }
}

export async function persistedCounts(server: ServerHandle): Promise<{ messages: number; values: number }> {
  const m = await server.pool.query<{ n: number }>('select count(*)::bigint as n from ingest_messages');
  // Telemetry is packed one row per message (migration 0301_telemetry_packed): count the values in the arrays.
  const v = await server.pool.query<{ n: number }>(
    'select coalesce(sum(cardinality(pin_names)), 0)::bigint as n from telemetry',
  );
  return { messages: m.rows[0]?.n ?? 0, values: v.rows[0]?.n ?? 0 };
}

/**
 * Waits until `expected` messages are persisted: first on the server's counters (GET /metrics, cheap;
 * with a shared broker they may include other clients' messages), then on the `ingest_messages` rows.
 * Returns the milliseconds it took, or null when the time ran out.
 */
export async function waitDrained(
  server: ServerHandle,
  expected: number,
  timeoutMs: number,
): Promise<number | null> {
  const started = performance.now();
  const left = () => timeoutMs - (performance.now() - started);
  while (left() > 0) {
    const n = await processedCount(server);
    if (n === null || n >= expected) break;
    await sleep(100);
  }
  while (left() > 0) {
    const { rows } = await server.pool.query<{ n: number }>(
      'select count(*)::bigint as n from ingest_messages',
    );
    if ((rows[0]?.n ?? 0) >= expected) return Math.round(performance.now() - started);
    await sleep(100);
  }
  return null;
}
