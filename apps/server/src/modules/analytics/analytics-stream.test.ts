/**
 * The four analytics reports streamed (issue 36 point 5): sites are read and computed a batch at a
 * time and their rows spooled (kernel/http/row-spool.ts), the reply written as the rows are read back.
 * A report of many batches is the same reply, byte for byte, as one of a single batch, every site in
 * order, the contract's; a client going away mid-stream frees the report's slot, its spool and every
 * database connection, and the server answers the next request in full.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyticsEndpoints as e } from '@towerwatch/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { openSpools } from '../../../test/spooled.ts';
import { buildTwoCompanyFleet, FT1, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import { buildCaller } from '../../auth/caller.ts';
import { jsonStream } from '../../kernel/http/json-stream.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { createAnalyticsService } from './analytics.service.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.parse('2026-11-20T12:00:00+06:00');
/** Copies of KT-1 added to ktbl's fleet: a reply of several batches and larger than socket buffers. */
const BULK = 2500;
let t: TestServer;
/** ktbl's sites: the demo's, KT-1, KT-2 and the copies. */
let sites = 0;

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(NOW);
  await buildTwoCompanyFleet(t.pool);
  await t.pool.query(`update sites set created_at = '2026-01-01T00:00:00+06:00', battery_max = 100`);
  const ev = (siteUid: string, name: string, tenant: string, at: number, active: boolean) =>
    buildEvent(t.pool, { siteUid, name, tenant, time: new Date(at), active });
  await ev(KT1, 'mains_fail', '', NOW - 30 * HOUR, true);
  await ev(KT1, 'mains_fail', '', NOW - 9 * HOUR, false);
  await ev(KT2, 'mains_fail', 'robi', NOW - 2 * HOUR, true);
  await ev(FT1, 'mains_fail', 'banglalink', NOW - 3 * HOUR, true);
  await ev(KT1, 'dg_power', '', NOW - 8 * HOUR, true);
  await ev(KT2, 'dg_power', '', NOW - 40 * HOUR, true);
  await ev(KT2, 'dg_power', '', NOW - 38 * HOUR, false);
  await ev(KT1, 'high_temperature', '', NOW - 7 * HOUR, true);
  await ev(KT1, 'battery_power', '', NOW - 7 * HOUR, true);
  await ev(KT1, 'device_offline', '', NOW - 26 * HOUR, true);
  await ev(KT1, 'device_offline', '', NOW - 25 * HOUR, false);
  await t.pool.query(
    `insert into sites
     select (jsonb_populate_record(null::sites, to_jsonb(s) || jsonb_build_object(
               'uid', 'BULK-' || lpad(g::text, 5, '0'), 'name', 'Bulk ' || g, 'generic_site_id', null))).*
       from sites s, generate_series(1, $2::int) g where s.uid = $1`,
    [KT1, BULK],
  );
  const { rows } = await t.pool.query<{ n: number }>(
    `select count(*)::int as n from sites where company_id = (select company_id from sites where uid = $1)`,
    [KT1],
  );
  sites = rows[0]?.n ?? 0;
  expect(sites).toBeGreaterThan(BULK);
});
afterAll(async () => {
  await t?.close();
});

const QUERY = `compare=previous_period&from_time=${new Date(NOW - 72 * HOUR).toISOString()}&min_backup_hour=50`;
/** The same without the compare period. */
const PLAIN = QUERY.replace('compare=previous_period&', '');
const REPORTS = ['dg', 'mains', 'battery', 'temperature'] as const;

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

describe('a report of many batches', () => {
  it('is the reply of one batch, byte for byte, complete and in order', async () => {
    const user = await t.container.services.users.repository.findByUid('100');
    if (!user) throw new Error('no user 100');
    const caller = buildCaller(user, 'test', new Date(NOW + HOUR));
    const small = createAnalyticsService({
      repo: createAnalyticsRepository(t.pool),
      sites: t.container.services.site.lookup,
      clock: t.clock,
      // Batches read ahead while one is visited: two at a time with the compare period, four without.
      batching: { size: 500, reads: 4 },
    });
    for (const [kind, q] of REPORTS.flatMap((k) => [QUERY, PLAIN].map((q) => [k, q] as const))) {
      const query = Object.fromEntries(new URLSearchParams(q));
      const res = await t.app.inject({
        method: 'GET',
        url: `/analytics/${kind}-report?${q}`,
        headers: await t.auth('ktbl'),
      });
      expect(res.statusCode).toBe(200);
      const endpoint = e[`${kind}Report`];
      const parsed = endpoint.reply.parse(res.json());
      const report = await small[kind](caller, endpoint.query.parse(query) as never);
      try {
        const body = await text(jsonStream(report.head, { sites: report.sites.rows() }, endpoint.reply));
        expect(body).toBe(res.body);
      } finally {
        await report.sites.close();
      }
      const uids = parsed.sites.map((s) => s.siteUid);
      if (kind === 'battery') {
        // Only the sites below the minimum backup (the copies have no pins: unknown), shortest first
        // (the spool's sorted read: row-spool.test.ts).
        expect(parsed.totals.sites).toBe(sites);
        const hours = parsed.sites.map((s) => (s as { backupHours: number }).backupHours);
        expect(hours).toEqual([...hours].sort((a, b) => a - b));
      } else {
        expect(uids).toHaveLength(sites);
        expect(parsed.totals.sites).toBe(sites);
        expect(uids).toEqual([...uids].sort());
      }
    }
  });
});

async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a client going away mid-stream', () => {
  it('frees the slot, the spool and the connections; the server answers the next request', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const headers = await t.auth('ktbl');
    for (const excel of ['', '&excel=yes']) {
      const path = `/analytics/mains-report?${QUERY}${excel}`;
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
          res.once('data', () => {
            // The reply has begun and is not over: its spool is still open. Stop reading, go away.
            res.pause();
            try {
              expect(openSpools()).toBe(1);
            } catch (err) {
              reject(err);
            }
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => undefined);
      });
      await until(() => openSpools() === 0, 'the spool to be closed');
      await until(() => t.app.reportLimiter?.inFlight('100') === 0, 'the report slot to be free');
      await until(() => t.pool.idleCount === t.pool.totalCount, 'every connection to be idle');
      expect(t.pool.waitingCount).toBe(0);
    }
    // The server is up and answers in full: JSON and a readable workbook.
    const full = await fetch(`http://127.0.0.1:${port}/analytics/mains-report?${QUERY}`, { headers });
    expect(full.status).toBe(200);
    expect(e.mainsReport.reply.parse(await full.json()).sites).toHaveLength(sites);
    const xlsx = await fetch(`http://127.0.0.1:${port}/analytics/mains-report?${QUERY}&excel=yes`, {
      headers,
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    // Header, the sites, the totals row.
    expect(book.getWorksheet('Mains')?.rowCount).toBe(sites + 2);
    expect(openSpools()).toBe(0);
  });
});
