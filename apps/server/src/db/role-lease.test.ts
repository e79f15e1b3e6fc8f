/**
 * The single-writer lease (role-lease.ts) on a real PostgreSQL: one holder at a time, a standby that
 * takes over as soon as the holder's connections close, and the fence: once another process holds
 * the lease, a write transaction of the old holder cannot commit.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createPool, type Pool, withTransaction } from './pool.ts';
import { acquireRoleLease, LeaseLostError } from './role-lease.ts';

const log = pino({ level: 'silent' });

describe('role lease', () => {
  let t: TestServer;
  const pools: Pool[] = [];
  const poolOf = () => {
    const p = createPool({ connectionString: t.url, max: 3 });
    p.on('error', () => undefined);
    pools.push(p);
    return p;
  };
  beforeAll(async () => {
    t = await startTestServer({ seed: false });
  });
  afterAll(async () => {
    for (const p of pools) await p.end().catch(() => undefined);
    await t?.close();
  });

  it('has one holder; the standby takes over when the holder dies, and the old one is fenced', async () => {
    const poolA = poolOf();
    const poolB = poolOf();
    const a = await acquireRoleLease({
      pool: poolA,
      name: 'test-lease',
      ttlMs: 60_000,
      log,
      mqttClientId: 'sess-a',
    });
    expect(a.mqttClientId).toBe('sess-a');
    let standby = false;
    const bTaking = acquireRoleLease({
      pool: poolB,
      name: 'test-lease',
      ttlMs: 60_000,
      log,
      mqttClientId: 'sess-b',
      pollMs: 100,
      onStandby: () => {
        standby = true;
      },
    });
    const deadline = Date.now() + 30_000;
    while (!standby && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(standby).toBe(true);
    // The holder writes behind its fence.
    await withTransaction(poolA, async (tx) => {
      await a.fence(tx);
    });

    // A's process dies: its lease session's connection closes (the TTL of a minute is not waited for).
    const writer = poolOf();
    await writer.query(
      `select pg_terminate_backend(holder_pid) from role_leases where name = 'test-lease' and epoch = $1`,
      [a.epoch],
    );
    const b = await bTaking;
    expect(b.epoch).toBe(a.epoch + 1);
    // B resumes A's MQTT session.
    expect(b.mqttClientId).toBe('sess-a');
    // Whatever connection the old holder writes on, its fence refuses the transaction.
    await expect(withTransaction(writer, (tx) => a.fence(tx))).rejects.toBeInstanceOf(LeaseLostError);
    await withTransaction(writer, (tx) => b.fence(tx));

    // A takeover waits for the holder's open write transaction, which then commits; later ones fail.
    const poolC = poolOf();
    const tx = await writer.connect();
    await tx.query('begin');
    await b.fence(tx);
    await b.release();
    const c = acquireRoleLease({ pool: poolC, name: 'test-lease', ttlMs: 60_000, log, pollMs: 100 });
    let taken = false;
    void c.then(() => {
      taken = true;
    });
    // C's takeover waits on the row lock of the open transaction.
    const waitDeadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await writer.query(
        `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'update role_leases l%'`,
      );
      if (rows.length > 0 || Date.now() > waitDeadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(taken).toBe(false);
    await tx.query('commit');
    tx.release();
    const lease = await c;
    expect(lease.epoch).toBe(b.epoch + 1);
    await expect(withTransaction(writer, (w) => b.fence(w))).rejects.toBeInstanceOf(LeaseLostError);
    await lease.release();
    await a.release();
  });
});
