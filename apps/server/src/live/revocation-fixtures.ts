/**
 * Helpers of the live revocation tests (live-revocation.test.ts, live-scale-out.test.ts): users to
 * revoke, signed-in sockets, deadlines on the close, and test events.
 */
import { LIVE_EVENTS, liveMessage } from '@towerwatch/contract';
import type { EventBus } from '../bus/bus.ts';
import type { Queryable } from '../db/pool.ts';
import type { App } from '../kernel/types.ts';
import { connectLive, type TestLiveClient } from './test-client.ts';

/** Listens on a free local port; returns the base URL. */
export async function listenBase(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}

/** A new user `username` with the rights of `from` (optionally other tenants); returns its uid. */
export async function cloneUser(
  db: Queryable,
  from: string,
  username: string,
  tenants?: string[],
): Promise<string> {
  const { rows } = await db.query<{ uid: string }>(
    `insert into users (username, password_hash, name, type, tenants, root_user_uid, company_id, access_roles)
     select $2, password_hash, name, type, coalesce($3::text[], tenants), root_user_uid, company_id, access_roles
     from users where username = $1 returning uid`,
    [from, username, tenants ?? null],
  );
  const uid = rows[0]?.uid;
  if (!uid) throw new Error(`no user ${from}`);
  return uid;
}

/** A socket signed in with `token` (LOGIN_OK received). */
export async function liveLogin(base: string, token: string): Promise<TestLiveClient> {
  const c = await connectLive(base);
  c.send({ action: 'LOGIN', token });
  await c.next(LIVE_EVENTS.LOGIN_OK);
  return c;
}

/** The socket's close, or a rejection when it is still open after `ms`. */
export function closedWithin(c: TestLiveClient, ms: number): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    c.closed.then((v) => {
      clearTimeout(timer);
      resolve(v);
    }, reject);
  });
}

/** PING → a new PONG: every message sent to the socket before the PING has arrived. */
export async function roundTrip(c: TestLiveClient): Promise<void> {
  const before = new Set(c.messages.filter((m) => m.event === LIVE_EVENTS.PONG));
  c.send({ action: 'PING' });
  await c.next(LIVE_EVENTS.PONG, (m) => !before.has(m));
}

/** Publishes an EVENT_ACKNOWLEDGED (kind `name`, default dc_low_voltage; company ktbl) of `tenant` on `siteUid`. */
export function ackEvent(
  bus: EventBus,
  siteUid: string,
  id: number,
  tenant: string,
  name = 'dc_low_voltage',
): void {
  bus.publish('live', {
    audience: { companyId: 'ktbl', siteUid, tenant, kind: name },
    message: liveMessage(LIVE_EVENTS.EVENT_ACKNOWLEDGED, {
      id,
      siteUid,
      tenant,
      name,
      acknowledgedBy: '100',
      acknowledgedByName: 'KTBL',
      acknowledgedAt: new Date().toISOString(),
    }),
  });
}

/** Ids of the EVENT_ACKNOWLEDGED messages the socket received, in order. */
export function receivedAckIds(c: TestLiveClient): number[] {
  return c.messages.filter((m) => m.event === LIVE_EVENTS.EVENT_ACKNOWLEDGED).map((m) => m.payload.id);
}
