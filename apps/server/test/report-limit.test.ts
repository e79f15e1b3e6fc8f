/**
 * Issue 34 finding 7: report and export generation has a per-user concurrency limit
 * (REPORT_CONCURRENCY_PER_USER, default 2, docs/api.md "Report and export limit"). Generations are
 * held in flight deterministically by a lock on `sites` taken in another connection; the third of one
 * user is answered 429 with Retry-After at once, another user is not limited by it, and a slot comes
 * back on completion, on error and when the client goes away.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyticsEndpoints, analyticsSlaEndpoints, siteReportEndpoints } from '@towerwatch/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PoolClient } from '../src/db/pool.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
const DG_XLSX = `${analyticsEndpoints.dgReport.path}?excel=yes`;
const limiter = () => {
  const l = t.app.reportLimiter;
  if (!l) throw new Error('no report limiter on the app');
  return l;
};

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const get = async (user: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
const post = async (user: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: await t.auth(user), payload });

/** Holds still open (released after each test, also when it fails). */
const holds: Array<{ release(): Promise<void> }> = [];

/** Holds every query on `sites` (the reports read it) until `release` is called. */
async function holdSites(): Promise<{ release(): Promise<void> }> {
  const client: PoolClient = await t.pool.connect();
  await client.query('begin');
  await client.query('lock table sites in access exclusive mode');
  let open = true;
  const hold = {
    async release() {
      if (!open) return;
      open = false;
      await client.query('commit');
      client.release();
    },
  };
  holds.push(hold);
  return hold;
}
afterEach(async () => {
  for (const hold of holds.splice(0)) await hold.release();
});

/** Waits until `n` queries of this test's schema wait on a lock (the held generations). */
async function waitForBlocked(n: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await t.pool.query(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()
           and query ilike '%sites%'`,
      );
      expect(rows[0].n).toBeGreaterThanOrEqual(n);
    },
    { timeout: 60_000, interval: 50 },
  );
}

describe('report and export generation: at most 2 at once per user', () => {
  it('the third is 429 with Retry-After; another user is not limited; a finished one frees a slot', {
    timeout: 120_000,
  }, async () => {
    const hold = await holdSites();
    const two = [
      get('ktbl', DG_XLSX),
      post('ktbl', siteReportEndpoints.excelExport.path, { file_name: 'climate', kind: 'climate' }),
    ];
    await vi.waitFor(() => expect(limiter().inFlight('100')).toBe(2), { timeout: 60_000, interval: 20 });
    const third = await get('ktbl', DG_XLSX);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('5');
    expect(third.json().message).toBe(
      'You already have 2 reports or exports being generated: wait until one is done, then try again',
    );
    // The SLA report (a JSON report with an .xlsx variant) counts too.
    const sla = await get('ktbl', `${analyticsSlaEndpoints.slaReport.path}?month=2026-01&target=99`);
    expect(sla.statusCode).toBe(429);
    // Another user of the company has its own slots.
    const other = get('super', DG_XLSX);
    await vi.waitFor(() => expect(limiter().inFlight('101')).toBe(1), { timeout: 60_000, interval: 20 });
    await hold.release();
    const done = await Promise.all([...two, other]);
    expect(done.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(limiter().inFlight('100')).toBe(0);
    expect((await get('ktbl', DG_XLSX)).statusCode).toBe(200);
  });

  it('frees the slot when the generation fails', async () => {
    for (let i = 0; i < 3; i++) {
      // Another company's customer: refused by the export service, inside the generation.
      const res = await post('ktbl', siteReportEndpoints.excelExport.path, {
        file_name: 'x',
        kind: 'climate',
        user_uid: '200',
      });
      expect(res.statusCode).toBe(404);
    }
    expect(limiter().inFlight('100')).toBe(0);
  });

  it('frees the slot when the client goes away before the file is ready', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const headers = await t.auth('ktbl');
    const hold = await holdSites();
    const aborted = httpRequest({ host: '127.0.0.1', port, path: DG_XLSX, headers });
    aborted.on('error', () => undefined);
    aborted.end();
    await vi.waitFor(() => expect(limiter().inFlight('100')).toBe(1), { timeout: 60_000, interval: 20 });
    await waitForBlocked(1);
    aborted.destroy();
    await hold.release();
    await vi.waitFor(() => expect(limiter().inFlight('100')).toBe(0), { timeout: 60_000, interval: 20 });
  });
});
