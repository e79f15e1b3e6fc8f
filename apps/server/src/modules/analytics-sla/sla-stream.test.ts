/**
 * The tenant SLA report streamed (issue 36 point 5): on the demo data with a few outages added, the
 * JSON written row by row is byte for byte the reply the report object serialises to, and equal to the
 * reply of the previous in-memory computation (every site's figures held, then summed: kept here as
 * the reference), on the raw path and after the daily rollups; it matches the contract. The .xlsx is
 * a real workbook whose rows are the JSON's. The caller's report slot is free again afterwards.
 */
import {
  type SlaBreachRow,
  type SlaReportQuery,
  type SlaTenantRow,
  slaReportReply,
} from '@towerwatch/contract';
import {
  availabilityPercent,
  dhakaMonthOf,
  dhakaMonthStartOf,
  meetsSlaTarget,
  nextMonth,
  SLA_CAUSES,
  SLA_EVENT_NAME_LIST,
  visibleSiteTenants,
} from '@towerwatch/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildEvent } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { openSpools, spooledResult } from '../../../test/spooled.ts';
import { buildCaller } from '../../auth/caller.ts';
import { rollupSiteDays } from '../analytics/index.ts';
import { createSlaRepository } from './sla.repository.ts';
import { createSlaService } from './sla.service.ts';
import { computeSiteSla, minutesOf, type SiteTenantMonth } from './sla-compute.ts';

let t: TestServer;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The previous summing (every site's figures held at once), the reference of the streamed reply. */
function previousSummarise(figures: readonly SiteTenantMonth[], target: number) {
  const causeMinutes = (causes: Record<string, number>) =>
    Object.fromEntries(SLA_CAUSES.map((c) => [c, minutesOf(causes[c] ?? 0)]));
  const groups = new Map<string, SiteTenantMonth[]>();
  for (const f of figures)
    groups.set(`${f.month} ${f.tenant}`, [...(groups.get(`${f.month} ${f.tenant}`) ?? []), f]);
  const tenants = [...groups.values()].map((list) => {
    const down = list.reduce((n, f) => n + f.downMs, 0);
    const possible = list.reduce((n, f) => n + f.possibleMs, 0);
    const causes = Object.fromEntries(SLA_CAUSES.map((c) => [c, list.reduce((n, f) => n + f.causes[c], 0)]));
    return {
      month: list[0]?.month,
      tenant: list[0]?.tenant,
      sites: list.length,
      sitesMeeting: list.filter((f) => meetsSlaTarget(f.availability, target)).length,
      sitesBreaching: list.filter((f) => f.availability !== null && f.availability < target).length,
      availability: possible > 0 ? availabilityPercent(down, possible) : null,
      outageMinutes: minutesOf(down),
      gapMinutes: minutesOf(list.reduce((n, f) => n + f.gapMs, 0)),
      causes: causeMinutes(causes),
    } as SlaTenantRow;
  });
  tenants.sort((a, b) => a.month.localeCompare(b.month) || a.tenant.localeCompare(b.tenant));
  const breaches = figures
    .filter((f) => f.availability !== null && f.availability < target)
    .map(
      (f): SlaBreachRow => ({
        month: f.month,
        tenant: f.tenant,
        siteUid: f.site.uid,
        siteName: f.site.name,
        genericSiteId: f.site.generic_site_id,
        availability: f.availability,
        outageMinutes: minutesOf(f.downMs),
        gapMinutes: minutesOf(f.gapMs),
        outages: f.outages,
        downNow: f.downNow,
        causes: causeMinutes(f.causes) as SlaBreachRow['causes'],
      }),
    )
    .sort(
      (a, b) =>
        a.month.localeCompare(b.month) ||
        a.tenant.localeCompare(b.tenant) ||
        (a.availability ?? 0) - (b.availability ?? 0) ||
        a.siteUid.localeCompare(b.siteUid),
    );
  return { tenants, breaches };
}

let robiSites: string[] = [];

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.pool.query<{ uid: string }>(
    `select uid from sites where company_id = 'ktbl' and 'robi' = any(tenants) order by uid limit 3`,
  );
  robiSites = rows.map((r) => r.uid);
  // Outages two days ago (the demo history covers them), one still running.
  for (const [i, site] of robiSites.entries()) {
    const at = (h: number) => new Date(DAY0 + h * HOUR + i * 7 * MIN);
    await buildEvent(t.pool, { siteUid: site, name: 'mains_fail', tenant: 'robi', time: at(3) });
    await buildEvent(t.pool, { siteUid: site, name: 'site_down', tenant: 'robi', time: at(4) });
    await buildEvent(t.pool, {
      siteUid: site,
      name: 'site_down',
      tenant: 'robi',
      time: at(5),
      active: false,
    });
    await buildEvent(t.pool, {
      siteUid: site,
      name: 'mains_fail',
      tenant: 'robi',
      time: at(6),
      active: false,
    });
    await buildEvent(t.pool, { siteUid: site, name: 'site_down', tenant: '', time: at(9 + i) });
    if (i > 0)
      await buildEvent(t.pool, {
        siteUid: site,
        name: 'site_down',
        tenant: '',
        time: at(10 + i),
        active: false,
      });
  }
});
afterAll(async () => {
  await t?.close();
});

/** Two days ago, 00:00 UTC: the day of the added outages. */
const DAY0 = Date.now() - (Date.now() % DAY) - 2 * DAY;
const QUERY = { month: dhakaMonthOf(new Date(DAY0)), target: 99.95 } satisfies Partial<SlaReportQuery>;
const url = (excel = false) =>
  `/analytics/sla-report?month=${QUERY.month}&target=${QUERY.target}${excel ? '&excel=yes' : ''}`;

/** The reply of the previous computation for ktbl (uid 100): every site's figures, then summed. */
async function previousReply() {
  const user = await t.container.services.users.repository.findByUid('100');
  if (!user) throw new Error('no ktbl');
  const caller = buildCaller(user, 'test', new Date(t.clock.now().getTime() + HOUR));
  const repo = createSlaRepository(t.pool);
  const tenants = caller.allowedTenants;
  const sites = await repo.sites({ companyId: 'ktbl', tenants });
  const now = t.clock.now().getTime();
  const from = dhakaMonthStartOf(QUERY.month).getTime();
  const until = Math.min(dhakaMonthStartOf(nextMonth(QUERY.month)).getTime(), now);
  const rows = await repo.transitions(
    sites.map((s) => s.uid),
    SLA_EVENT_NAME_LIST,
    new Date(from),
    new Date(until),
  );
  const windows = [{ month: QUERY.month, from, until }];
  const figures = sites.flatMap((s) =>
    computeSiteSla(
      s,
      visibleSiteTenants(s.tenants, tenants),
      rows.filter((r) => r.site_uid === s.uid),
      windows,
    ),
  );
  // The report object the route serialised before (the raw path, in memory).
  const service = createSlaService({ repo, sites: t.container.services.site.lookup, clock: t.clock });
  const current = await spooledResult(await service.report(caller, QUERY as SlaReportQuery));
  // The reply's fields: the head, the tenant rows, the breach rows (written last, from their spool).
  const { tenants: tenantRows, ...head } = current.report;
  return {
    previous: previousSummarise(figures, QUERY.target),
    current: { ...head, tenants: tenantRows, breaches: current.breaches },
  };
}

describe('the SLA report streamed', () => {
  it('writes the same JSON as before, on the raw path and from the rollups', {
    timeout: 240_000,
  }, async () => {
    const headers = await t.auth('ktbl');
    const { previous, current } = await previousReply();
    expect(previous.breaches.map((b) => b.siteUid)).toEqual(expect.arrayContaining(robiSites));
    // The running outage is down now when its month is this month.
    if (QUERY.month === dhakaMonthOf(t.clock.now()))
      expect(current.breaches.some((b) => b.downNow)).toBe(true);
    const raw = await t.app.inject({ method: 'GET', url: url(), headers });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('application/json');
    expect(raw.body).toBe(JSON.stringify(current));
    const body = slaReportReply.parse(raw.json());
    expect({ tenants: body.tenants, breaches: body.breaches }).toEqual(previous);
    await rollupSiteDays(t.pool, t.clock, { initialDays: 10, maxDays: 20 });
    const rolled = await t.app.inject({ method: 'GET', url: url(), headers });
    expect(rolled.json()).toEqual(raw.json());
    expect(t.app.reportLimiter?.inFlight('100')).toBe(0);
    // The breach and completeness spools are freed once the replies are written.
    await vi.waitFor(() => expect(openSpools()).toBe(0), { timeout: 30_000 });
  });

  it('writes a real .xlsx whose rows are the JSON rows', { timeout: 120_000 }, async () => {
    const headers = await t.auth('ktbl');
    const json = (await t.app.inject({ method: 'GET', url: url(), headers })).json();
    const res = await t.app.inject({ method: 'GET', url: url(true), headers });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.getWorksheet('Sites below target');
    const uids: string[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) uids.push(String(row.getCell(3).value));
    });
    expect(uids).toEqual(json.breaches.map((b: SlaBreachRow) => b.genericSiteId ?? b.siteUid));
    expect(book.getWorksheet('SLA by tenant')?.rowCount).toBe(json.tenants.length + 1);
    expect(t.app.reportLimiter?.inFlight('100')).toBe(0);
  });
});
