/**
 * A live socket's own messages (docs/requirements.md#live-socket): LOGIN with the access token (the
 * socket lives only as long as the token), PING, SESSION_START / SESSION_END on a site the caller may
 * see. A message that is not JSON or not a known action gets an ERROR; a LOGIN without a usable token
 * closes the socket.
 */
import {
  LIVE_ACTIONS,
  LIVE_CLOSE_CODES,
  LIVE_CLOSE_REASONS,
  LIVE_EVENTS,
  liveClientMessage,
  liveMessage,
} from '@towerwatch/contract';
import { type HubDelivery, OPEN } from './hub-delivery.ts';
import type { HubRegistry } from './hub-registry.ts';
import type { HubRevocation } from './hub-revocation.ts';
import type { Client, HubSocket, LiveHubDeps } from './hub-types.ts';

/** The socket's signed-in state, `client` once LOGIN succeeded. */
export interface PendingSession {
  client: Client | null;
}

/** Handles one message of a socket (messages of one socket are handled one at a time). */
export type HandleClientMessage = (
  socket: HubSocket,
  data: Buffer | ArrayBuffer | Buffer[],
  pending: PendingSession,
) => Promise<void>;

export function createSessionHandler(
  deps: Pick<LiveHubDeps, 'authenticate' | 'clock'>,
  registry: HubRegistry,
  { send, sendError }: Pick<HubDelivery, 'send' | 'sendError'>,
  revocation: Pick<HubRevocation, 'epoch' | 'recheck'>,
): HandleClientMessage {
  const { detach, dropIfIdle, enter, setFocus, loadSites } = registry;

  async function login(socket: HubSocket, token: string, pending: PendingSession) {
    const epoch = revocation.epoch();
    const auth = await deps.authenticate(token);
    if (!auth.ok) {
      socket.close(LIVE_CLOSE_CODES.UNAUTHORIZED, auth.reason);
      return;
    }
    const previousSession = pending.client?.sessionSiteUid ?? null;
    if (pending.client) detach(pending.client);
    if (socket.readyState !== OPEN) return;
    const user = await enter(auth.caller);
    if (socket.readyState !== OPEN) {
      dropIfIdle(user);
      return;
    }
    const client: Client = {
      socket,
      caller: auth.caller,
      user,
      get siteUids() {
        return client.user.scope.siteUids;
      },
      sessionSiteUid: null,
      expiryTimer: null,
      hasCounts: false,
    };
    // The socket lives only as long as its access token (docs/requirements.md#tokens: 18000 s).
    const ms = auth.expiresAt.getTime() - deps.clock.now().getTime();
    client.expiryTimer = setTimeout(
      () => socket.close(LIVE_CLOSE_CODES.UNAUTHORIZED, LIVE_CLOSE_REASONS.TOKEN_EXPIRED),
      Math.max(0, Math.min(ms, 2 ** 31 - 1)),
    );
    client.expiryTimer.unref();
    pending.client = client;
    registry.add(client);
    // A session end or rights change published while this LOGIN was checked: check it again.
    if (revocation.epoch() !== epoch) void revocation.recheck(client);
    if (previousSession && user.scope.siteUids.has(previousSession)) setFocus(client, previousSession);
    send(
      client,
      liveMessage(LIVE_EVENTS.LOGIN_OK, {
        userUid: auth.caller.uid,
        expiresAt: auth.expiresAt.toISOString(),
      }),
    );
  }

  async function handle(socket: HubSocket, data: Buffer | ArrayBuffer | Buffer[], pending: PendingSession) {
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      sendError(socket, 'message is not JSON');
      return;
    }
    const parsed = liveClientMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'action';
      // A LOGIN without a usable token is an authentication failure, not a bad message.
      const action = (json as { action?: unknown } | null)?.action;
      if (action === LIVE_ACTIONS.LOGIN) {
        socket.close(LIVE_CLOSE_CODES.UNAUTHORIZED, LIVE_CLOSE_REASONS.INVALID_TOKEN);
        return;
      }
      sendError(
        socket,
        `${field}: ${issue?.message ?? 'invalid'}`,
        typeof action === 'string' ? action : undefined,
      );
      return;
    }
    const msg = parsed.data;
    if (msg.action === LIVE_ACTIONS.LOGIN) return login(socket, msg.token, pending);
    const client = pending.client;
    if (!client) {
      socket.close(LIVE_CLOSE_CODES.UNAUTHORIZED, LIVE_CLOSE_REASONS.LOGIN_REQUIRED);
      return;
    }
    switch (msg.action) {
      case LIVE_ACTIONS.PING:
        send(client, liveMessage(LIVE_EVENTS.PONG, { time: deps.clock.now().toISOString() }));
        return;
      case LIVE_ACTIONS.SESSION_START: {
        if (!client.siteUids.has(msg.site_uid)) {
          // The site may be new since the scope's sites were loaded: refresh once before refusing.
          await loadSites(client.user.scope);
        }
        if (!client.siteUids.has(msg.site_uid)) {
          sendError(socket, 'Site not found', LIVE_ACTIONS.SESSION_START);
          return;
        }
        setFocus(client, msg.site_uid);
        send(client, liveMessage(LIVE_EVENTS.SESSION_STARTED, { siteUid: msg.site_uid }));
        return;
      }
      case LIVE_ACTIONS.SESSION_END:
        setFocus(client, null);
        return;
    }
  }

  return handle;
}
