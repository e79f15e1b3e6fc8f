/**
 * The ingest writer batches across sites (issue 7): every message is kept, per-site order and
 * de-duplication hold across and within batches, a failed transaction is retried and nothing is
 * acknowledged before its commit — through the pipeline directly (real PostgreSQL) and, for the
 * device's PUBACK, through the embedded broker.
 */
import { randomBytes } from 'node:crypto';
import { deviceClientId, deviceTopics, LIVE_EVENTS } from '@towerwatch/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngestRole, startTestServer, type TestServer } from '../../test/harness.ts';
import type { Pool } from '../db/pool.ts';
import { createIngestMetrics, type IngestMetrics } from './metrics.ts';
import { createIngestPipeline, type IngestPipeline } from './pipeline.ts';
import { createSiteStore } from './site-store.ts';
import { type BuiltSite, buildSite } from './test-fixtures.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const pins = (readings: Record<string, number>, msgId = `b${++seq}`, ts = t.clock.now().getTime()) =>
  JSON.stringify({
    msg_id: msgId,
    ts,
    readings: Object.entries(readings).map(([pin, value]) => ({ pin, value })),
  });

function pipelineFor(
  metrics: IngestMetrics,
  opts: {
    lanes?: number;
    latestPerBatch?: number;
    workBudgetMs?: number;
    workClock?: () => number;
    pool?: Pool;
  } = {},
) {
  const store = createSiteStore(t.pool);
  const pipeline: IngestPipeline = createIngestPipeline({
    pool: t.pool,
    store,
    bus: t.container.bus,
    clock: t.clock,
    log: t.container.log,
    metrics,
    // The work budget never ends a batch unless a test drives this clock: no test depends on speed.
    workClock: () => 0,
    ...opts,
  });
  return pipeline;
}

/** The test pool; after `failWrite(n)` the n-th ingest write fails once, as if the connection dropped. */
function poolFailingWrite(): { pool: Pool; failWrite(n: number): void; failures(): number } {
  let countdown = 0;
  let failures = 0;
  const pool = new Proxy(t.pool, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== 'query') return typeof value === 'function' ? value.bind(target) : value;
      return (text: unknown, ...rest: unknown[]) => {
        // An ingest batch part is one statement of data-modifying CTEs (persist.ts writeAll).
        if (typeof text === 'string' && text.startsWith('with ') && countdown > 0 && --countdown === 0) {
          failures += 1;
          return Promise.reject(new Error('Connection terminated unexpectedly'));
        }
        return (value as (...args: unknown[]) => unknown).call(target, text, ...rest);
      };
    },
  });
  return {
    pool,
    failWrite: (n) => {
      countdown = n;
    },
    failures: () => failures,
  };
}

const count = async (sql: string, params: unknown[]) =>
  (await t.pool.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;

describe('ingest writer batching across sites', () => {
  it('keeps every message of many sites written together, in fewer transactions than sites', async () => {
    const sites: BuiltSite[] = [];
    for (let i = 0; i < 25; i++) sites.push(await buildSite(t.pool, { companyId: 'ktbl' }));
    const metrics = createIngestMetrics();
    const pipeline = pipelineFor(metrics);
    const settled: string[] = [];
    const t0 = t.clock.now().getTime();
    for (let m = 0; m < 5; m++)
      for (const s of sites) {
        const id = `${s.comId}-m${m}`;
        pipeline.handle(deviceTopics.pins(s.comId), pins({ am6: 30 + m, am7: 50, di1: 1 }, id, t0 + m), () =>
          settled.push(id),
        );
      }
    await pipeline.idle();
    const comIds = sites.map((s) => s.comId);
    expect(
      await count('select count(*)::int as n from ingest_messages where com_id = any($1)', [comIds]),
    ).toBe(125);
    expect(
      await count(
        'select coalesce(sum(cardinality(pin_names)), 0)::int as n from telemetry where com_id = any($1)',
        [comIds],
      ),
    ).toBe(375);
    expect(settled.length).toBe(125);
    expect(new Set(settled).size).toBe(125);
    expect(metrics.accepted).toBe(125);
    expect(metrics.readingsStored).toBe(375);
    expect(metrics.failed).toBe(0);
    // Written across sites: fewer transactions than sites (each site alone would need ≥ 1).
    expect(metrics.batches).toBeLessThan(sites.length);
    // Latest values: the last message of every device.
    const latest = await t.pool.query<{ com_id: string; value: number }>(
      `select com_id, value from pin_latest where com_id = any($1) and pin_name = 'am6'`,
      [comIds],
    );
    expect(latest.rows.length).toBe(25);
    expect(latest.rows.every((r) => r.value === 34)).toBe(true);
  });

  it('keeps the order of a site: raise, clear, raise, clear in one batch', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const metrics = createIngestMetrics();
    const pipeline = pipelineFor(metrics);
    const t0 = t.clock.now().getTime();
    [50, 30, 51, 29].forEach((v, i) => {
      pipeline.handle(deviceTopics.pins(site.comId), pins({ am6: v }, `o${i}-${site.comId}`, t0 + i));
    });
    await pipeline.idle();
    const { rows } = await t.pool.query<{ name: string; active: boolean; value: unknown }>(
      `select name, active, value from events where site_uid = $1 order by id`,
      [site.siteUid],
    );
    expect(rows.map((r) => `${r.name}:${r.active}`)).toEqual([
      'high_temperature:true',
      'high_temperature:false',
      'high_temperature:true',
      'high_temperature:false',
    ]);
    expect(metrics.batches).toBe(1);
  });

  it('ignores a repeated msg_id within one batch and across batches', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const metrics = createIngestMetrics();
    const pipeline = pipelineFor(metrics);
    const topic = deviceTopics.pins(site.comId);
    const t0 = t.clock.now().getTime();
    pipeline.handle(topic, pins({ am6: 30 }, 'dup-a', t0));
    pipeline.handle(topic, pins({ am6: 60 }, 'dup-a', t0 + 1)); // same batch, same id
    pipeline.handle(topic, pins({ am6: 31 }, 'dup-b', t0 + 2));
    await pipeline.idle();
    pipeline.handle(topic, pins({ am6: 61 }, 'dup-b', t0 + 3)); // a later batch, same id
    pipeline.handle(topic, pins({ am6: 32 }, 'dup-c', t0 + 4));
    await pipeline.idle();
    expect(metrics.rejected.duplicate).toBe(2);
    expect(metrics.accepted).toBe(3);
    const { rows } = await t.pool.query<{ v: number }>(
      'select unnest(pin_values) as v from telemetry where com_id = $1 order by ts',
      [site.comId],
    );
    expect(rows.map((r) => r.v)).toEqual([30, 31, 32]);
    expect(await count('select count(*)::int as n from events where site_uid = $1', [site.siteUid])).toBe(0);
  });

  it('retries a failed transaction and settles nothing before it commits', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const other = await buildSite(t.pool, { companyId: 'ftb' });
    const metrics = createIngestMetrics();
    const pipeline = pipelineFor(metrics);
    // Warm: both sites loaded, so the failure below is in the write, not the load.
    pipeline.handle(deviceTopics.pins(site.comId), pins({ am6: 30 }));
    pipeline.handle(deviceTopics.pins(other.comId), pins({ am6: 30 }));
    await pipeline.idle();
    const settled: string[] = [];
    await t.pool.query('alter table ingest_messages rename to ingest_messages_away');
    try {
      const t0 = t.clock.now().getTime() + 10;
      pipeline.handle(deviceTopics.pins(site.comId), pins({ am6: 55 }, 'fail-1', t0), () =>
        settled.push('1'),
      );
      pipeline.handle(deviceTopics.pins(other.comId), pins({ am6: 20 }, 'fail-2', t0), () =>
        settled.push('2'),
      );
      await new Promise((r) => setTimeout(r, 700));
      expect(settled).toEqual([]);
      expect(await count('select count(*)::int as n from events where site_uid = $1', [site.siteUid])).toBe(
        0,
      );
    } finally {
      await t.pool.query('alter table ingest_messages_away rename to ingest_messages');
    }
    await pipeline.idle();
    expect(settled.sort()).toEqual(['1', '2']);
    expect(metrics.failed).toBe(0);
    expect(
      await count('select count(*)::int as n from ingest_messages where msg_id in ($1, $2)', [
        'fail-1',
        'fail-2',
      ]),
    ).toBe(2);
    // The alarm raised exactly once, by the retried transaction (site state reloaded, not doubled).
    const { rows } = await t.pool.query<{ name: string; active: boolean }>(
      'select name, active from events where site_uid = $1 order by id',
      [site.siteUid],
    );
    expect(rows).toEqual([{ name: 'high_temperature', active: true }]);
  });

  it('ends a batch when its work budget is spent; the rest follow in later batches, in order', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const metrics = createIngestMetrics();
    // Every reading of the work clock advances it 10 ms: with a 25 ms budget a batch takes 3 jobs.
    let ms = 0;
    const pipeline = pipelineFor(metrics, { lanes: 1, workBudgetMs: 25, workClock: () => (ms += 10) });
    const topic = deviceTopics.pins(site.comId);
    const t0 = t.clock.now().getTime();
    // Warm: the device's site is cached, so the messages below queue at once, in one lane.
    pipeline.handle(topic, pins({ am6: 30 }, `warm-${site.comId}`, t0));
    await pipeline.idle();
    const batches0 = metrics.batches;
    // The fourth is a redelivery of the second, taken into the second batch.
    const ids = ['w0', 'w1', 'w2', 'w1', 'w3', 'w4', 'w5'];
    const values = [50, 30, 51, 30, 29, 52, 28];
    const settled: string[] = [];
    ids.forEach((id, i) => {
      pipeline.handle(topic, pins({ am6: values[i] ?? 0 }, `${id}-${site.comId}`, t0 + 1 + i), () =>
        settled.push(`${i}:${id}@${metrics.batches - batches0}`),
      );
    });
    await pipeline.idle();
    expect(settled).toEqual(['0:w0@1', '1:w1@1', '2:w2@1', '3:w1@2', '4:w3@2', '5:w4@2', '6:w5@3']);
    expect(metrics.rejected.duplicate).toBe(1);
    expect(metrics.accepted).toBe(7);
    const { rows: stored } = await t.pool.query<{ v: number }>(
      'select unnest(pin_values) as v from telemetry where com_id = $1 order by ts',
      [site.comId],
    );
    expect(stored.map((r) => r.v)).toEqual([30, 50, 30, 51, 29, 52, 28]);
    const { rows: events } = await t.pool.query<{ name: string; active: boolean }>(
      'select name, active from events where site_uid = $1 order by id',
      [site.siteUid],
    );
    expect(events.map((r) => `${r.name}:${r.active}`)).toEqual([
      'high_temperature:true',
      'high_temperature:false',
      'high_temperature:true',
      'high_temperature:false',
      'high_temperature:true',
      'high_temperature:false',
    ]);
  });

  it('commits and publishes an alarm ahead of its batch; a failed bulk write leaves it settled', async () => {
    const plain = await buildSite(t.pool, { companyId: 'ktbl' });
    const alarm = await buildSite(t.pool, { companyId: 'ktbl' });
    const metrics = createIngestMetrics();
    // One lane: the four messages below make one batch.
    const failing = poolFailingWrite();
    const pipeline = pipelineFor(metrics, { lanes: 1, pool: failing.pool });
    const t0 = t.clock.now().getTime();
    // Warm: both sites cached and normal.
    pipeline.handle(deviceTopics.pins(plain.comId), pins({ am6: 30 }, undefined, t0));
    pipeline.handle(deviceTopics.pins(alarm.comId), pins({ am6: 30 }, undefined, t0));
    await pipeline.idle();
    const batches0 = metrics.batches;
    // The batch's second write — the bulk, after the alarm's own — fails once.
    failing.failWrite(2);
    const order: string[] = [];
    const off = t.container.bus.subscribe('live', (e) => {
      if (e.message.event === LIVE_EVENTS.SITE_EVENT && e.audience.siteUid === alarm.siteUid)
        order.push('alarm:event');
    });
    try {
      const send = (site: BuiltSite, label: string, am6: number, i: number) =>
        pipeline.handle(deviceTopics.pins(site.comId), pins({ am6 }, undefined, t0 + 1 + i), () =>
          order.push(`${label}@${metrics.batches - batches0}`),
        );
      send(plain, 'plain0', 30, 0);
      send(plain, 'plain1', 31, 1);
      send(alarm, 'alarm', 55, 2); // raises high_temperature
      send(plain, 'plain2', 32, 3);
      await pipeline.idle();
      // Let the bus deliver what the last commit published.
      await new Promise((r) => setTimeout(r, 0));
    } finally {
      off();
    }
    // The alarm's own transaction first (acknowledged once, not redone by the bulk's retry), then its
    // SITE_EVENT; the plain messages, queued before it, only after the bulk write's retry.
    expect(order).toEqual(['alarm@1', 'alarm:event', 'plain0@2', 'plain1@2', 'plain2@2']);
    expect(failing.failures()).toBe(1);
    expect(metrics.failed).toBe(0);
    expect(metrics.rejected.duplicate).toBe(0);
    expect(metrics.accepted).toBe(6);
    const { rows } = await t.pool.query<{ name: string; active: boolean }>(
      'select name, active from events where site_uid = $1 order by id',
      [alarm.siteUid],
    );
    expect(rows).toEqual([{ name: 'high_temperature', active: true }]);
    const { rows: values } = await t.pool.query<{ v: number }>(
      'select unnest(pin_values) as v from telemetry where com_id = $1 order by ts',
      [plain.comId],
    );
    expect(values.map((r) => r.v)).toEqual([30, 30, 31, 32]);
  });

  it('writes latest values deferred by the per-transaction cap in later transactions', async () => {
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const metrics = createIngestMetrics();
    // At most 2 latest rows per transaction: the rest wait in memory.
    const pipeline = pipelineFor(metrics, { latestPerBatch: 2 });
    const t0 = t.clock.now().getTime();
    pipeline.handle(
      deviceTopics.pins(site.comId),
      pins({ am1: 230, am2: 231, am3: 229, am6: 30, am7: 50 }, undefined, t0),
    );
    await pipeline.idle();
    const { rows } = await t.pool.query<{ pin_name: string; value: number }>(
      'select pin_name, value from pin_latest where com_id = $1 order by pin_name',
      [site.comId],
    );
    expect(rows).toEqual([
      { pin_name: 'am1', value: 230 },
      { pin_name: 'am2', value: 231 },
      { pin_name: 'am3', value: 229 },
      { pin_name: 'am6', value: 30 },
      { pin_name: 'am7', value: 50 },
    ]);
    expect(metrics.batches).toBeGreaterThanOrEqual(3);
  });
});

describe('embedded broker: the device PUBACK waits for the commit', () => {
  it('acknowledges a QoS 1 message only once it is committed', async () => {
    const role = await startTestIngestRole(t, {
      metrics: createIngestMetrics(),
    });
    const site = await buildSite(t.pool, { companyId: 'ktbl' });
    const dev = await mqtt.connectAsync(role.brokerUrl, {
      clientId: deviceClientId(site.comId, randomBytes(3).toString('hex')),
      username: site.comId,
      password: site.password,
      reconnectPeriod: 0,
    });
    try {
      await dev.publishAsync(deviceTopics.pins(site.comId), pins({ am6: 30 }), { qos: 1 });
      expect(
        await count('select count(*)::int as n from ingest_messages where com_id = $1', [site.comId]),
      ).toBe(1);
      await t.pool.query('alter table ingest_messages rename to ingest_messages_away');
      let acked = false;
      let published: Promise<unknown>;
      try {
        published = dev
          .publishAsync(deviceTopics.pins(site.comId), pins({ am6: 31 }, 'puback-1'), { qos: 1 })
          .then(() => {
            acked = true;
          });
        await new Promise((r) => setTimeout(r, 700));
        expect(acked).toBe(false);
      } finally {
        await t.pool.query('alter table ingest_messages_away rename to ingest_messages');
      }
      await published;
      expect(acked).toBe(true);
      expect(
        await count('select count(*)::int as n from ingest_messages where com_id = $1 and msg_id = $2', [
          site.comId,
          'puback-1',
        ]),
      ).toBe(1);
    } finally {
      await dev.endAsync(true);
      await role.stop();
    }
  });
});
