/**
 * Registers the live socket at /wss (docs/requirements.md#live-socket) and builds its hub from the container.
 * The route is public at the HTTP level: the socket authenticates with LOGIN { token } instead.
 */
import fastifyWebsocket from '@fastify/websocket';
import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS, LIVE_PATH } from '@towerwatch/contract';
import type { Logger } from 'pino';
import { type AuthDeps, authenticateToken } from '../auth/auth-plugin.ts';
import { buildCaller, type Caller } from '../auth/caller.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import type { EventBus } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/pool.ts';
import { siteScope, sqlParams } from '../kernel/scope/sql-scope.ts';
import type { App } from '../kernel/types.ts';
import {
  type AuthenticateResult,
  createLiveHub,
  type HubSocket,
  type LiveHub,
  type LiveHubDeps,
  type RecheckResult,
} from './live-hub.ts';

export interface LiveRouteDeps {
  auth: AuthDeps;
  db: Queryable;
  bus: EventBus;
  clock: Clock;
  log: Logger;
  countsOf?: LiveHubDeps['countsOf'];
  healthOf?: LiveHubDeps['healthOf'];
  countsIntervalMs?: number;
}

/** Uids of the sites the caller may see (same scope as every site endpoint). */
export async function visibleSiteUids(db: Queryable, caller: Caller): Promise<string[]> {
  const p = sqlParams();
  const { rows } = await db.query<{ uid: string }>(
    `select s.uid from sites s where ${siteScope(caller, p, 's')}`,
    p.values,
  );
  return rows.map((r) => r.uid);
}

/** Verifies a socket's token: expired and invalid tokens get different close reasons. */
export async function authenticateSocket(token: string, deps: AuthDeps): Promise<AuthenticateResult> {
  const verified = await verifyAccessToken(token, deps.tokenSecret, deps.clock.now());
  if (!verified.ok) {
    return {
      ok: false,
      reason:
        verified.reason === 'expired' ? LIVE_CLOSE_REASONS.TOKEN_EXPIRED : LIVE_CLOSE_REASONS.INVALID_TOKEN,
    };
  }
  try {
    const caller = await authenticateToken(token, deps);
    return { ok: true, caller, expiresAt: new Date(verified.claims.exp * 1000) };
  } catch {
    // Revoked session, deleted or disabled user.
    return { ok: false, reason: LIVE_CLOSE_REASONS.INVALID_TOKEN };
  }
}

/**
 * A signed-in socket's Caller rebuilt from the database when its user's rights changed: the user
 * disabled or gone closes it with 4003 `user disabled`, its session ended with 4001 `session ended`.
 */
export async function recheckSocketCaller(caller: Caller, deps: AuthDeps): Promise<RecheckResult> {
  const found = await deps.users.findSignedIn(caller.uid, caller.sessionId);
  const user = found?.user;
  const active = found?.sessionActive === true;
  if (!user || user.disabled) {
    return { ok: false, code: LIVE_CLOSE_CODES.FORBIDDEN, reason: LIVE_CLOSE_REASONS.USER_DISABLED };
  }
  if (!active) {
    return { ok: false, code: LIVE_CLOSE_CODES.UNAUTHORIZED, reason: LIVE_CLOSE_REASONS.SESSION_ENDED };
  }
  return { ok: true, caller: buildCaller(user, caller.sessionId, caller.tokenExpiresAt) };
}

/** The part of a `ws` WebSocket the adapter reads (its TCP socket for corking). */
interface WsLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string | Buffer, options: { binary: boolean }): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[]) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  /** ws's underlying net.Socket (not part of its typed API). */
  _socket?: { cork(): void; uncork(): void } | null;
}

/**
 * A ws WebSocket as a HubSocket: Buffers go out as text frames (the hub encodes each message once
 * for every socket) and cork/uncork reach the TCP socket, so one fan-out round is one write.
 */
export function hubSocketOf(ws: WsLike): HubSocket {
  return {
    get readyState() {
      return ws.readyState;
    },
    get bufferedAmount() {
      return ws.bufferedAmount;
    },
    send: (data) => ws.send(data, { binary: false }),
    close: (code, reason) => ws.close(code, reason),
    on: ((event: 'message' | 'close', listener: never) =>
      ws.on(event as 'message', listener)) as HubSocket['on'],
    cork: () => ws._socket?.cork(),
    uncork: () => ws._socket?.uncork(),
  };
}

/** Registers /wss on `app`; returns the hub (close it on shutdown). */
export function registerLiveRoutes(app: App, deps: LiveRouteDeps): LiveHub {
  const hub = createLiveHub({
    bus: deps.bus,
    clock: deps.clock,
    log: deps.log,
    authenticate: (token) => authenticateSocket(token, deps.auth),
    recheck: (caller) => recheckSocketCaller(caller, deps.auth),
    siteUidsOf: (caller) => visibleSiteUids(deps.db, caller),
    countsOf: deps.countsOf,
    healthOf: deps.healthOf,
    countsIntervalMs: deps.countsIntervalMs,
  });
  app.register(async (scope) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
    scope.get(LIVE_PATH, { websocket: true, config: { public: true }, schema: { hide: true } }, (socket) => {
      hub.attach(hubSocketOf(socket as unknown as WsLike));
    });
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });
  return hub;
}
