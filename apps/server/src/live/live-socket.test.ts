import { LIVE_CLOSE_CODES, LIVE_EVENTS, liveMessage } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signAccessToken } from '../auth/tokens.ts';
import { type BuiltSite, buildSite } from '../ingest/test-fixtures.ts';
import { connectLive, type TestLiveClient } from './test-client.ts';

let t: TestServer;
let base: string;
let ktblSite: BuiltSite;
let ftbSite: BuiltSite;

beforeAll(async () => {
  t = await startTestServer();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${addr.port}`;
  ktblSite = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi', 'banglalink'] });
  ftbSite = await buildSite(t.pool, { companyId: 'ftb', tenants: ['robi'] });
});
afterAll(async () => {
  await t?.close();
});

async function loggedIn(username: string): Promise<TestLiveClient> {
  const c = await connectLive(base);
  c.send({ action: 'LOGIN', token: await t.tokenFor(username) });
  await c.next(LIVE_EVENTS.LOGIN_OK);
  return c;
}

describe('/wss live socket', () => {
  it('closes with 4001 when LOGIN carries a bare user id, a wrong token or an expired token', async () => {
    const bare = await connectLive(base);
    bare.send({ action: 'LOGIN', user_uid: '100' });
    expect(await bare.closed).toEqual({ code: LIVE_CLOSE_CODES.UNAUTHORIZED, reason: 'invalid token' });

    const wrong = await connectLive(base);
    wrong.send({ action: 'LOGIN', token: `${await t.tokenFor('ktbl')}x` });
    expect(await wrong.closed).toEqual({ code: 4001, reason: 'invalid token' });

    const user = await t.container.repos.users.findByUsername('ktbl');
    const past = new Date(t.clock.now().getTime() - 20_000 * 1000);
    const expiredToken = await signAccessToken(
      { sub: user?.uid ?? '', sid: 'x' },
      t.config.tokenSecret,
      past,
    );
    const expired = await connectLive(base);
    expired.send({ action: 'LOGIN', token: expiredToken });
    expect(await expired.closed).toEqual({ code: 4001, reason: 'token expired' });

    const early = await connectLive(base);
    early.send({ action: 'PING' });
    expect(await early.closed).toEqual({ code: 4001, reason: 'login required' });
  });

  it('answers PING with PONG and scopes SESSION_START to the user’s sites', async () => {
    const c = await loggedIn('ktbl');
    c.send({ action: 'PING' });
    await c.next(LIVE_EVENTS.PONG);
    c.send({ action: 'SESSION_START', site_uid: ftbSite.siteUid });
    const err = await c.next(LIVE_EVENTS.ERROR);
    expect(err.payload).toEqual({ message: 'Site not found', action: 'SESSION_START' });
    c.send({ action: 'SESSION_START', site_uid: ktblSite.siteUid });
    expect((await c.next(LIVE_EVENTS.SESSION_STARTED)).payload).toEqual({ siteUid: ktblSite.siteUid });
    c.close();
  });

  it('delivers an acknowledged-event message only to sockets allowed to see it', async () => {
    const ktbl = await loggedIn('ktbl');
    const ftb = await loggedIn('ftb');
    const robiViewer = await loggedIn('robi.viewer');
    const admin = await loggedIn('admin');
    const ack = (id: number, tenant: string | null, name: string) =>
      t.container.bus.publish('live', {
        audience: { companyId: 'ktbl', siteUid: ktblSite.siteUid, tenant, kind: name },
        message: liveMessage(LIVE_EVENTS.EVENT_ACKNOWLEDGED, {
          id,
          siteUid: ktblSite.siteUid,
          tenant,
          name,
          acknowledgedBy: '100',
          acknowledgedByName: 'KTBL',
          acknowledgedAt: new Date().toISOString(),
        }),
      });
    ack(1, 'banglalink', 'dc_low_voltage');
    ack(2, 'robi', 'door_open');
    ack(3, 'robi', 'dc_low_voltage');
    await ktbl.next(LIVE_EVENTS.EVENT_ACKNOWLEDGED, (m) => m.payload.id === 3);
    await admin.next(LIVE_EVENTS.EVENT_ACKNOWLEDGED, (m) => m.payload.id === 3);
    await robiViewer.next(LIVE_EVENTS.EVENT_ACKNOWLEDGED, (m) => m.payload.id === 3);
    // A PONG after the publishes proves the earlier messages would have arrived by now.
    for (const c of [ftb, robiViewer]) {
      c.send({ action: 'PING' });
      await c.next(LIVE_EVENTS.PONG);
    }
    const ids = (c: TestLiveClient) =>
      c.messages.filter((m) => m.event === LIVE_EVENTS.EVENT_ACKNOWLEDGED).map((m) => m.payload.id);
    expect(ids(ktbl)).toEqual([1, 2, 3]);
    expect(ids(admin)).toEqual([1, 2, 3]);
    // robi.viewer: tenant robi only, read-only with one tenant → reduced kinds (no door_open).
    expect(ids(robiViewer)).toEqual([3]);
    expect(ids(ftb)).toEqual([]);
    for (const c of [ktbl, ftb, robiViewer, admin]) c.close();
  });

  it('sends EVENT_ACKNOWLEDGED from POST /user/network/acknowledge-event to the company’s sockets only', async () => {
    const ktbl = await loggedIn('ktbl');
    const ftb = await loggedIn('ftb');
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into events (site_uid, name, tenant, time, event_group) values ($1, 'mains_fail', 'robi', now(), 'RMS')
       returning id`,
      [ktblSite.siteUid],
    );
    const id = rows[0]?.id as number;
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/user/network/acknowledge-event',
      headers: await t.auth('ftb'),
      payload: { eventId: id },
    });
    expect(foreign.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/network/acknowledge-event',
      headers: await t.auth('ktbl'),
      payload: { eventId: id },
    });
    expect(res.statusCode).toBe(200);
    const ack = await ktbl.next(LIVE_EVENTS.EVENT_ACKNOWLEDGED, (m) => m.payload.id === id);
    expect(ack.payload).toMatchObject({ siteUid: ktblSite.siteUid, name: 'mains_fail', tenant: 'robi' });
    ftb.send({ action: 'PING' });
    await ftb.next(LIVE_EVENTS.PONG);
    expect(ftb.messages.some((m) => m.event === LIVE_EVENTS.EVENT_ACKNOWLEDGED)).toBe(false);
    ktbl.close();
    ftb.close();
  });
});
