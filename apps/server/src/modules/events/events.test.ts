/**
 * Event lists and acknowledgement: 100 per page, newest first, ids strictly below the cursor (first
 * page 2147483647), last page shorter; tenant filtering; reduced kinds and refusals for read-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, buildEvents } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildTwoCompanyFleet, KT1, KT2 } from '../../../test/two-company-fleet.ts';
import type { LiveEnvelope } from '../../bus/bus.ts';

let t: TestServer;
let ids: number[];
beforeAll(async () => {
  t = await startTestServer();
  await buildTwoCompanyFleet(t.pool);
  ids = await buildEvents(t.pool, KT2, 250, 'dc_low_voltage');
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = 'ktbl') =>
  t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
type Page = {
  items: { id: number; name: string; tenant: string | null; acknowledgedByName?: string | null }[];
  nextOldestId: number | null;
};

describe('GET /user/site/events paging', () => {
  it('pages 100 at a time, newest first, strictly below the cursor, until a short page', async () => {
    const seen: number[] = [];
    let cursor: number | null = 2147483647;
    const sizes: number[] = [];
    while (cursor !== null) {
      const res = await get(`/user/site/events?site_uid=${KT2}&oldest_id=${cursor}`);
      expect(res.statusCode).toBe(200);
      const page: Page = res.json();
      sizes.push(page.items.length);
      const pageIds = page.items.map((e) => e.id);
      expect(pageIds).toEqual([...pageIds].sort((a, b) => b - a));
      expect(pageIds.every((id) => id < (cursor as number))).toBe(true);
      seen.push(...pageIds);
      cursor = page.nextOldestId;
      if (sizes.length > 5) throw new Error('paging does not end');
    }
    expect(sizes).toEqual([100, 100, 50]);
    expect(seen).toEqual([...ids].reverse());
  });

  it('starts at 2147483647 when oldest_id is omitted', async () => {
    const page: Page = (await get(`/user/site/events?site_uid=${KT2}`)).json();
    expect(page.items[0]?.id).toBe(Math.max(...ids));
  });

  it('excludes the event whose id is the cursor', async () => {
    const cursor = ids[120] as number;
    const page: Page = (await get(`/user/site/events?site_uid=${KT2}&oldest_id=${cursor}`)).json();
    expect(page.items[0]?.id).toBe(ids[119]);
    expect(page.items.map((e) => e.id)).not.toContain(cursor);
  });

  it('answers 404 for a site of another company, with or without events, and an empty page past the end', async () => {
    const foreign = await get(`/user/site/events?site_uid=${KT2}`, 'ftb');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Site not found');
    expect((await get('/user/site/events?site_uid=NO-SUCH-SITE')).statusCode).toBe(404);
    const past = await get(`/user/site/events?site_uid=${KT2}&oldest_id=${Math.min(...ids)}`);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ items: [], nextOldestId: null });
  });

  it('network events page the same way and the last page is shorter than the limit', async () => {
    const first = (await get('/user/network/events?limit=100&group=RMS')).json();
    expect(first.items).toHaveLength(100);
    const rest = (await get(`/user/network/events?limit=100&group=RMS&oldestId=${ids[0]}`)).json();
    expect(rest.items).toHaveLength(0);
    expect(rest.nextOldestId).toBeNull();
  });
});

describe('tenant filtering and read-only kinds', () => {
  beforeAll(async () => {
    await buildEvent(t.pool, { siteUid: KT1, name: 'mains_outage', tenant: 'robi' });
    await buildEvent(t.pool, { siteUid: KT1, name: 'mains_outage', tenant: 'banglalink' });
    await buildEvent(t.pool, { siteUid: KT1, name: 'door_open', group: 'ACS' });
    await buildEvent(t.pool, { siteUid: KT1, name: 'site_down' });
  });

  it('a tenant parameter keeps that tenant and site-wide access events; tenant-less power counts as banglalink', async () => {
    const robi: Page = (await get(`/user/site/events?site_uid=${KT1}&tenant=robi`)).json();
    expect(robi.items.map((e) => [e.name, e.tenant])).toEqual([
      ['door_open', null],
      ['mains_outage', 'robi'],
    ]);
    const bl: Page = (await get(`/user/site/events?site_uid=${KT1}&tenant=banglalink`)).json();
    expect(bl.items.map((e) => e.name)).toEqual(['site_down', 'door_open', 'mains_outage']);
  });

  it('a tenant read-only user (robi) sees only reduced kinds of robi', async () => {
    const page: Page = (await get(`/user/site/events?site_uid=${KT1}`, 'robi.viewer')).json();
    expect(page.items.map((e) => [e.name, e.tenant])).toEqual([['mains_outage', 'robi']]);
  });

  it('a NOC user sees only reduced kinds (mains outage, DC low voltage, site down)', async () => {
    const page: Page = (await get(`/user/site/events?site_uid=${KT1}`, 'noc')).json();
    expect(new Set(page.items.map((e) => e.name))).toEqual(new Set(['site_down', 'mains_outage']));
  });

  it('asking for a tenant that is not allowed is 403', async () => {
    const res = await get(`/user/site/events?site_uid=${KT1}&tenant=banglalink`, 'robi.viewer');
    expect(res.statusCode).toBe(403);
  });

  it('ACS group holds only access events', async () => {
    const res = (await get('/user/network/events?group=ACS')).json();
    expect(res.items.map((e: { name: string }) => e.name)).toEqual(['door_open']);
  });
});

describe('POST /user/network/acknowledge-event', () => {
  it('records who and when; a second acknowledge keeps the first', async () => {
    const id = await buildEvent(t.pool, { siteUid: KT1, name: 'high_temperature' });
    t.clock.set('2026-03-01T10:00:00Z');
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/network/acknowledge-event',
      headers: await t.auth('ktbl'),
      payload: { eventId: id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      id,
      acknowledgedBy: '100',
      acknowledgedByName: 'KTBL',
      acknowledgedAt: '2026-03-01T10:00:00.000Z',
    });
    const { rows } = await t.pool.query('select acknowledged_by, acknowledged_at from events where id = $1', [
      id,
    ]);
    expect(rows[0]).toEqual({ acknowledged_by: '100', acknowledged_at: new Date('2026-03-01T10:00:00Z') });

    t.clock.set('2026-03-01T11:00:00Z');
    const again = await t.app.inject({
      method: 'POST',
      url: '/user/network/acknowledge-event',
      headers: await t.auth('super'),
      payload: { eventId: id },
    });
    expect(again.json().event).toMatchObject({
      acknowledgedBy: '100',
      acknowledgedByName: 'KTBL',
      acknowledgedAt: '2026-03-01T10:00:00.000Z',
    });
    t.clock.set(Date.now());
    // The lists show the person, not the uid (issue 21: "acknowledged by 100").
    const site: Page = (await get(`/user/site/events?site_uid=${KT1}`)).json();
    expect(site.items.find((e) => e.id === id)).toMatchObject({
      acknowledgedBy: '100',
      acknowledgedByName: 'KTBL',
    });
    const network = (await get('/user/network/events')).json() as Page;
    expect(network.items.find((e) => e.id === id)).toMatchObject({ acknowledgedByName: 'KTBL' });
    const last: { events: Page['items'] }[] = (
      await get(`/user/network/last-events?site_uids=${KT1}&per_site=20`)
    ).json();
    expect(last[0]?.events.find((e) => e.id === id)).toMatchObject({ acknowledgedByName: 'KTBL' });
    // Not acknowledged: no name.
    expect(site.items.filter((e) => e.id !== id).every((e) => e.acknowledgedByName === null)).toBe(true);
  });

  it("announces the acknowledgement on the live bus with the event's audience", async () => {
    const id = await buildEvent(t.pool, { siteUid: KT1, name: 'dc_low_voltage', tenant: 'robi' });
    const seen: LiveEnvelope[] = [];
    const stop = t.container.bus.subscribe('live', (e) => {
      seen.push(e);
    });
    await t.app.inject({
      method: 'POST',
      url: '/user/network/acknowledge-event',
      headers: await t.auth('super'),
      payload: { eventId: id },
    });
    stop();
    const ack = seen.find((e) => e.message.event === 'EVENT_ACKNOWLEDGED');
    expect(ack?.audience).toEqual({
      companyId: 'ktbl',
      siteUid: KT1,
      tenant: 'robi',
      kind: 'dc_low_voltage',
    });
    expect(ack?.message.payload).toMatchObject({
      id,
      acknowledgedBy: '101',
      acknowledgedByName: 'KTBL Superuser',
    });
  });

  it.each(['robi.viewer', 'noc'])('is refused to read-only %s with the spec message', async (user) => {
    const id = await buildEvent(t.pool, { siteUid: KT1, name: 'site_down', tenant: 'robi' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/network/acknowledge-event',
      headers: await t.auth(user),
      payload: { eventId: id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "Sorry! You don't have the necessary permission to acknowledge the event.",
    );
    const { rows } = await t.pool.query('select acknowledged_by from events where id = $1', [id]);
    expect(rows[0]?.acknowledged_by).toBeNull();
  });

  it('an unknown event is 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/network/acknowledge-event',
      headers: await t.auth('ktbl'),
      payload: { eventId: 2147483000 },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /user/network/last-events', () => {
  it('gives each site its latest events, at most per_site', async () => {
    const res = await get(`/user/network/last-events?site_uids=${KT1},${KT2}&per_site=2`);
    const body: { siteUid: string; events: { id: number }[] }[] = res.json();
    expect(body.map((b) => b.siteUid)).toEqual([KT1, KT2]);
    const kt2 = body.find((b) => b.siteUid === KT2);
    expect(kt2?.events.map((e) => e.id)).toEqual([ids[249], ids[248]]);
  });
});
