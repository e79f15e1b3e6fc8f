/**
 * The live hub behind /wss (platform-core §7 "Live socket"): authenticates each socket with the
 * access token, answers PING, scopes SESSION_START, and fans out bus messages to the sockets
 * allowed to see them. Dashboard counts are pushed per user when their sites change, coalesced to
 * at most one computation per user per `countsIntervalMs`, and only the count events that changed.
 */
import {
  LIVE_ACTIONS,
  LIVE_CLOSE_CODES,
  LIVE_CLOSE_REASONS,
  LIVE_EVENTS,
  LIVE_LOGIN_TIMEOUT_MS,
  type LivePayload,
  type LiveServerMessage,
  liveClientMessage,
  liveMessage,
  type StatusCountsReply,
} from '@towerwatch/contract';
import type { Logger } from 'pino';
import type { Caller } from '../auth/caller.ts';
import type { EventBus, LiveEnvelope } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import { canReceive, type SocketView, tailorMessage } from './visibility.ts';

/** The part of a `ws` WebSocket the hub uses (tests may pass a fake). */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[]) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export type AuthenticateResult =
  | { ok: true; caller: Caller; expiresAt: Date }
  | { ok: false; reason: (typeof LIVE_CLOSE_REASONS)[keyof typeof LIVE_CLOSE_REASONS] };

export interface LiveHubDeps {
  bus: EventBus;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  authenticate(token: string): Promise<AuthenticateResult>;
  /** Uids of the sites the caller may see (platform-core §6 scoping). */
  siteUidsOf(caller: Caller): Promise<string[]>;
  /** Dashboard counts of the caller (the status-counts service); omitted = no count pushes. */
  countsOf?(caller: Caller): Promise<StatusCountsReply>;
  /** Device health counts of the caller (GET /site/healths counts); omitted = not pushed. */
  healthOf?(caller: Caller): Promise<LivePayload<typeof LIVE_EVENTS.RMS_DEVICE_HEALTH_COUNT>>;
  countsIntervalMs?: number;
  loginTimeoutMs?: number;
  /** A socket with more unsent bytes than this is closed as too slow (default 4 MiB). */
  maxBufferedBytes?: number;
}

interface Client extends SocketView {
  socket: HubSocket;
  expiryTimer: NodeJS.Timeout | null;
}

const OPEN = 1;
const COUNT_EVENTS: [keyof StatusCountsReply, LiveServerMessage['event']][] = [
  ['power', LIVE_EVENTS.POWER_COUNT],
  ['dcPower', LIVE_EVENTS.DC_POWER_COUNT],
  ['alarm', LIVE_EVENTS.ALARM_COUNT],
  ['access', LIVE_EVENTS.ACCESS_COUNT],
  ['mains', LIVE_EVENTS.MAINS_AVAILABLE_COUNT],
  ['dg', LIVE_EVENTS.DG_RUNNING_COUNT],
  ['temperature', LIVE_EVENTS.TEMPERATURE_WISE_COUNT],
  ['battery', LIVE_EVENTS.BATTERY_BACKUP_COUNT],
];

export interface LiveHub {
  /** Takes over a freshly opened socket. */
  attach(socket: HubSocket): void;
  /** Number of authenticated sockets. */
  size(): number;
  close(): Promise<void>;
}

export function createLiveHub(deps: LiveHubDeps): LiveHub {
  const clients = new Set<Client>();
  const countsInterval = deps.countsIntervalMs ?? 500;
  const maxBuffered = deps.maxBufferedBytes ?? 4 * 1024 * 1024;
  /** Per user: last pushed count payloads (JSON), last push time, pending timer. */
  const countState = new Map<
    string,
    { last: Map<string, string>; at: number; timer: NodeJS.Timeout | null }
  >();

  const send = (client: { socket: HubSocket }, message: LiveServerMessage) => {
    const { socket } = client;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > maxBuffered) {
      socket.close(LIVE_CLOSE_CODES.GOING_AWAY, 'too slow');
      return;
    }
    socket.send(JSON.stringify(message));
  };
  const sendError = (socket: HubSocket, message: string, action?: string) =>
    send({ socket }, liveMessage(LIVE_EVENTS.ERROR, { message, ...(action ? { action } : {}) }));

  const userClients = (uid: string) => [...clients].filter((c) => c.caller.uid === uid);

  async function pushCounts(uid: string): Promise<void> {
    const state = countState.get(uid);
    const targets = userClients(uid);
    if (!state || targets.length === 0 || !deps.countsOf) return;
    state.timer = null;
    state.at = Date.now();
    const first = targets[0] as Client;
    const [counts, health] = await Promise.all([deps.countsOf(first.caller), deps.healthOf?.(first.caller)]);
    const payloads: [LiveServerMessage['event'], unknown][] = COUNT_EVENTS.map(([key, event]) => [
      event,
      counts[key],
    ]);
    if (health) payloads.push([LIVE_EVENTS.RMS_DEVICE_HEALTH_COUNT, health]);
    for (const [event, payload] of payloads) {
      const json = JSON.stringify(payload);
      if (state.last.get(event) === json) continue;
      state.last.set(event, json);
      const message = { event, payload } as LiveServerMessage;
      for (const c of targets) send(c, message);
    }
  }

  function scheduleCounts(uid: string): void {
    if (!deps.countsOf) return;
    let state = countState.get(uid);
    if (!state) {
      state = { last: new Map(), at: 0, timer: null };
      countState.set(uid, state);
    }
    if (state.timer) return;
    const wait = Math.max(0, state.at + countsInterval - Date.now());
    state.timer = setTimeout(() => {
      pushCounts(uid).catch((err: unknown) => deps.log.error({ err, uid }, 'live: counts failed'));
    }, wait);
    state.timer.unref();
  }

  const offLive = deps.bus.subscribe('live', (envelope: LiveEnvelope) => {
    let json: string | null = null;
    for (const client of clients) {
      if (!canReceive(client, envelope)) continue;
      if (client.socket.readyState !== OPEN) continue;
      if (client.socket.bufferedAmount > maxBuffered) {
        client.socket.close(LIVE_CLOSE_CODES.GOING_AWAY, 'too slow');
        continue;
      }
      const tailored = tailorMessage(client, envelope.message);
      if (tailored === envelope.message) {
        json ??= JSON.stringify(envelope.message);
        client.socket.send(json);
      } else client.socket.send(JSON.stringify(tailored));
    }
  });
  const offState = deps.bus.subscribe('site.state-changed', (e) => {
    const users = new Set<string>();
    for (const client of clients) {
      if (e.siteUids.some((s) => client.siteUids.has(s))) users.add(client.caller.uid);
    }
    for (const uid of users) scheduleCounts(uid);
  });
  const offConfig = deps.bus.subscribe('site.config-changed', async () => {
    for (const client of clients) client.siteUids = new Set(await deps.siteUidsOf(client.caller));
  });

  async function login(socket: HubSocket, token: string, pending: { client: Client | null }) {
    const auth = await deps.authenticate(token);
    if (!auth.ok) {
      socket.close(LIVE_CLOSE_CODES.UNAUTHORIZED, auth.reason);
      return;
    }
    if (pending.client) {
      clients.delete(pending.client);
      if (pending.client.expiryTimer) clearTimeout(pending.client.expiryTimer);
    }
    const client: Client = {
      socket,
      caller: auth.caller,
      siteUids: new Set(await deps.siteUidsOf(auth.caller)),
      sessionSiteUid: pending.client?.sessionSiteUid ?? null,
      expiryTimer: null,
    };
    // The socket lives only as long as its access token (platform-core §9: 18000 s).
    const ms = auth.expiresAt.getTime() - deps.clock.now().getTime();
    client.expiryTimer = setTimeout(
      () => socket.close(LIVE_CLOSE_CODES.UNAUTHORIZED, LIVE_CLOSE_REASONS.TOKEN_EXPIRED),
      Math.max(0, Math.min(ms, 2 ** 31 - 1)),
    );
    client.expiryTimer.unref();
    pending.client = client;
    clients.add(client);
    send(
      client,
      liveMessage(LIVE_EVENTS.LOGIN_OK, {
        userUid: auth.caller.uid,
        expiresAt: auth.expiresAt.toISOString(),
      }),
    );
  }

  return {
    attach(socket) {
      const pending: { client: Client | null } = { client: null };
      const loginTimer = setTimeout(() => {
        if (!pending.client) socket.close(LIVE_CLOSE_CODES.UNAUTHORIZED, LIVE_CLOSE_REASONS.LOGIN_TIMEOUT);
      }, deps.loginTimeoutMs ?? LIVE_LOGIN_TIMEOUT_MS);
      loginTimer.unref();
      // Messages are handled one at a time so LOGIN completes before a following SESSION_START.
      let chain = Promise.resolve();
      socket.on('message', (data) => {
        chain = chain
          .then(() => handle(socket, data, pending))
          .catch((err: unknown) => {
            deps.log.error({ err }, 'live: message handling failed');
            sendError(socket, 'internal error');
          });
      });
      socket.on('close', () => {
        clearTimeout(loginTimer);
        const client = pending.client;
        if (!client) return;
        if (client.expiryTimer) clearTimeout(client.expiryTimer);
        clients.delete(client);
        if (userClients(client.caller.uid).length === 0) {
          const state = countState.get(client.caller.uid);
          if (state?.timer) clearTimeout(state.timer);
          countState.delete(client.caller.uid);
        }
      });
    },
    size: () => clients.size,
    async close() {
      offLive();
      offState();
      offConfig();
      for (const state of countState.values()) if (state.timer) clearTimeout(state.timer);
      for (const client of clients) {
        if (client.expiryTimer) clearTimeout(client.expiryTimer);
        client.socket.close(LIVE_CLOSE_CODES.GOING_AWAY, 'server shutting down');
      }
      clients.clear();
    },
  };

  async function handle(
    socket: HubSocket,
    data: Buffer | ArrayBuffer | Buffer[],
    pending: { client: Client | null },
  ) {
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
          // The site may be new since LOGIN: refresh once before refusing.
          client.siteUids = new Set(await deps.siteUidsOf(client.caller));
        }
        if (!client.siteUids.has(msg.site_uid)) {
          sendError(socket, 'Site not found', LIVE_ACTIONS.SESSION_START);
          return;
        }
        client.sessionSiteUid = msg.site_uid;
        send(client, liveMessage(LIVE_EVENTS.SESSION_STARTED, { siteUid: msg.site_uid }));
        return;
      }
      case LIVE_ACTIONS.SESSION_END:
        client.sessionSiteUid = null;
        return;
    }
  }
}
