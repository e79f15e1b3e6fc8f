/** The ingest counters as Prometheus text: names, types and labels dashboards rely on. */
import { EVENT_LOOP_DELAY_METRICS } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createIngestMetrics, metricsText } from './metrics.ts';

/** `name{labels} value` lines and `# TYPE name type` lines of an exposition. */
function parse(text: string) {
  const values: Record<string, number> = {};
  const types: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type?.[1] && type[2]) types[type[1]] = type[2];
    else if (line && !line.startsWith('#')) {
      const [key, value] = line.split(' ');
      if (key) values[key] = Number(value);
    }
  }
  return { values, types };
}

describe('ingest metrics', () => {
  it('expose every counter, zero or not, under its Prometheus name', async () => {
    const m = createIngestMetrics();
    m.received += 3;
    m.accepted += 2;
    m.rejected.duplicate += 1;
    m.readingsStored += 6;
    m.brokerAuthFailures += 1;
    const { values, types } = parse(await metricsText(m));
    expect(values).toEqual({
      device_messages_received_total: 3,
      device_messages_accepted_total: 2,
      'device_messages_rejected_total{reason="too_large"}': 0,
      'device_messages_rejected_total{reason="invalid_json"}': 0,
      'device_messages_rejected_total{reason="invalid_payload"}': 0,
      'device_messages_rejected_total{reason="unknown_device"}': 0,
      'device_messages_rejected_total{reason="forbidden_topic"}': 0,
      'device_messages_rejected_total{reason="rate_limited"}': 0,
      'device_messages_rejected_total{reason="duplicate"}': 1,
      device_messages_failed_total: 0,
      ingest_events_written_total: 0,
      ingest_alarm_transitions_total: 0,
      ingest_readings_stored_total: 6,
      ingest_batches_total: 0,
      device_commands_sent_total: 0,
      device_command_acks_total: 0,
      broker_auth_failures_total: 1,
      broker_client_id_violations_total: 0,
      device_rate_limit_disconnects_total: 0,
    });
    expect(new Set(Object.values(types))).toEqual(new Set(['counter']));
    expect(Object.keys(types)).toHaveLength(13);
    expect(m.received).toBe(3);
    expect(m.rejected.duplicate).toBe(1);
  });

  it('keep each instance apart and never go down', async () => {
    const a = createIngestMetrics();
    const b = createIngestMetrics();
    a.received += 5;
    expect(parse(await metricsText(b)).values.device_messages_received_total).toBe(0);
    expect(() => {
      a.received = 1;
    }).toThrow();
    expect(a.received).toBe(5);
  });
});

describe('GET /metrics', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the container counters as Prometheus text without a token', async () => {
    t.container.ingestMetrics.accepted += 4;
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(parse(res.body).values.device_messages_accepted_total).toBe(4);
  });

  it('serves the event-loop delay of the process as gauges in milliseconds', async () => {
    // Until a scrape has samples (each scrape starts a new window; on a busy machine the monitor's
    // second tick, its first sample, may come late).
    const { values, types } = await vi.waitFor(
      async () => {
        const scraped = parse((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
        expect(scraped.values[EVENT_LOOP_DELAY_METRICS.samples]).toBeGreaterThan(0);
        return scraped;
      },
      { timeout: 20_000, interval: 20 },
    );
    for (const name of Object.values(EVENT_LOOP_DELAY_METRICS)) expect(types[name]).toBe('gauge');
    expect(values[EVENT_LOOP_DELAY_METRICS.p99Ms]).toBeGreaterThanOrEqual(0);
    expect(values[EVENT_LOOP_DELAY_METRICS.maxMs]).toBeGreaterThanOrEqual(
      values[EVENT_LOOP_DELAY_METRICS.p99Ms] ?? Number.NaN,
    );
  });
});
