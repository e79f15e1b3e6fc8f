/**
 * Live sockets lose their rights with the session and the user (issue 12, finding 3): logout, logout
 * all, refresh-token reuse, disable and delete close the socket within 1 s with the documented code
 * and reason; a change of the user's tenants re-evaluates what the open socket receives.
 */
import { LIVE_EVENTS } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildSite } from '../ingest/test-fixtures.ts';
import { DEMO_PASSWORD } from '../seed/demo-accounts.ts';
import {
  ackEvent,
  cloneUser,
  closedWithin,
  listenBase,
  liveLogin,
  receivedAckIds,
  roundTrip,
} from './revocation-fixtures.ts';

let t: TestServer;
let base: string;

beforeAll(async () => {
  t = await startTestServer();
  base = await listenBase(t.app);
});
afterAll(async () => {
  await t?.close();
});

const post = async (url: string, as: string | { authorization: string }, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: typeof as === 'string' ? await t.auth(as) : as,
    payload,
  });

describe('/wss sockets end with their session and user', () => {
  it('logout of a session closes that session’s socket (4001 session ended), not the others', async () => {
    await cloneUser(t.pool, 'robi.viewer', 'rv.logout');
    const token = await t.tokenFor('rv.logout');
    const mine = await liveLogin(base, token);
    const other = await liveLogin(base, await t.tokenFor('rv.logout'));
    const res = await post('/user/auth/logout', { authorization: `Bearer ${token}` }, {});
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(mine, 1000)).toEqual({ code: 4001, reason: 'session ended' });
    await roundTrip(other);
    other.close();
  });

  it('logout of all sessions closes every socket of the user', async () => {
    await cloneUser(t.pool, 'robi.viewer', 'rv.all');
    const token = await t.tokenFor('rv.all');
    const a = await liveLogin(base, token);
    const b = await liveLogin(base, await t.tokenFor('rv.all'));
    const res = await post('/user/auth/logout', { authorization: `Bearer ${token}` }, { all: true });
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(a, 1000)).toEqual({ code: 4001, reason: 'session ended' });
    expect(await closedWithin(b, 1000)).toEqual({ code: 4001, reason: 'session ended' });
  });

  it('reusing a refresh token ends its session and closes the session’s socket', async () => {
    await cloneUser(t.pool, 'robi.viewer', 'rv.reuse');
    const login = await t.app.inject({
      method: 'POST',
      url: '/user/auth/login',
      payload: { username: 'rv.reuse', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const pair = login.json() as { access_token: string; refresh_token: string };
    const socket = await liveLogin(base, pair.access_token);
    const refresh = (refresh_token: string) =>
      t.app.inject({ method: 'POST', url: '/user/auth/refresh', payload: { refresh_token } });
    expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
    await roundTrip(socket);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    expect(await closedWithin(socket, 1000)).toEqual({ code: 4001, reason: 'session ended' });
  });

  it('a password change closes the sockets of the sessions it ends', async () => {
    const uid = await cloneUser(t.pool, 'robi.viewer', 'rv.password');
    const token = await t.tokenFor('rv.password');
    const own = await liveLogin(base, token);
    const other = await liveLogin(base, await t.tokenFor('rv.password'));
    const change = await post(
      '/user/profile/change-password',
      { authorization: `Bearer ${token}` },
      { old_password: DEMO_PASSWORD, new_password: 'another-password-1' },
    );
    expect(change.statusCode).toBe(200);
    expect(await closedWithin(other, 1000)).toEqual({ code: 4001, reason: 'session ended' });
    await roundTrip(own);
    // A manager setting a new password ends every session.
    const reset = await post('/user/auth/update', 'admin', { uid, password: 'a-third-password-2' });
    expect(reset.statusCode).toBe(200);
    expect(await closedWithin(own, 1000)).toEqual({ code: 4001, reason: 'session ended' });
  });

  it('disabling the user closes its sockets (4003 user disabled)', async () => {
    const uid = await cloneUser(t.pool, 'robi.viewer', 'rv.disable');
    const socket = await liveLogin(base, await t.tokenFor('rv.disable'));
    const res = await post('/user/auth/update', 'admin', { uid, disabled: true });
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(socket, 1000)).toEqual({ code: 4003, reason: 'user disabled' });
  });

  it('deleting the user closes its sockets (4003 user disabled)', async () => {
    const uid = await cloneUser(t.pool, 'robi.viewer', 'rv.delete');
    const socket = await liveLogin(base, await t.tokenFor('rv.delete'));
    const res = await post('/user/auth/delete', 'admin', { uid });
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(socket, 1000)).toEqual({ code: 4003, reason: 'user disabled' });
  });

  it('a tenant reduction re-evaluates an open socket: robi events stop, grameenphone ones still arrive', async () => {
    const uid = await cloneUser(t.pool, 'robi.viewer', 'rv.tenants', ['robi', 'grameenphone']);
    const site = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi', 'grameenphone'] });
    const robiOnly = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
    const socket = await liveLogin(base, await t.tokenFor('rv.tenants'));
    socket.send({ action: 'SESSION_START', site_uid: robiOnly.siteUid });
    await socket.next(LIVE_EVENTS.SESSION_STARTED);
    ackEvent(t.container.bus, site.siteUid, 1, 'robi');
    await socket.next(LIVE_EVENTS.EVENT_ACKNOWLEDGED, (m) => m.payload.id === 1);

    const res = await post('/user/auth/update', 'admin', { uid, tenants: ['grameenphone'] });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    ackEvent(t.container.bus, site.siteUid, 2, 'robi');
    ackEvent(t.container.bus, site.siteUid, 3, 'grameenphone');
    ackEvent(t.container.bus, robiOnly.siteUid, 4, 'robi');
    await socket.next(LIVE_EVENTS.EVENT_ACKNOWLEDGED, (m) => m.payload.id === 3);
    await roundTrip(socket);
    expect(receivedAckIds(socket)).toEqual([1, 3]);
    // The focused robi-only site is no longer visible: the socket left it.
    socket.send({ action: 'SESSION_START', site_uid: robiOnly.siteUid });
    expect((await socket.next(LIVE_EVENTS.ERROR)).payload).toMatchObject({ message: 'Site not found' });
    socket.close();
  });

  it('a type change within the same tenants re-evaluates the socket: a read-only user gets the reduced kinds', async () => {
    const uid = await cloneUser(t.pool, 'robi.viewer', 'rv.type');
    await t.pool.query(`update users set type = 'employee' where uid = $1`, [uid]);
    const site = await buildSite(t.pool, { companyId: 'ktbl', tenants: ['robi'] });
    const socket = await liveLogin(base, await t.tokenFor('rv.type'));
    ackEvent(t.container.bus, site.siteUid, 11, 'robi', 'door_open');
    await socket.next(LIVE_EVENTS.EVENT_ACKNOWLEDGED, (m) => m.payload.id === 11);

    const res = await post('/user/auth/update', 'admin', { uid, type: 'read_only' });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    ackEvent(t.container.bus, site.siteUid, 12, 'robi', 'door_open');
    ackEvent(t.container.bus, site.siteUid, 13, 'robi', 'dc_low_voltage');
    await socket.next(LIVE_EVENTS.EVENT_ACKNOWLEDGED, (m) => m.payload.id === 13);
    await roundTrip(socket);
    expect(receivedAckIds(socket)).toEqual([11, 13]);
    socket.close();
  });
});
