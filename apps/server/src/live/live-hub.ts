/**
 * The live hub behind /wss (platform-core §7 "Live socket"): authenticates each socket with the
 * access token, answers PING, scopes SESSION_START, and fans out bus messages to the sockets
 * allowed to see them.
 *
 * Built for thousands of sockets (issue 7): sockets are grouped by user and users by scope (company
 * and allowed tenants). A scope holds one set of site uids for all its sockets; a bus message is
 * checked once per user (pin updates only against the sockets focused on their site) and serialised
 * once per distinct message; dashboard counts are computed once per scope when its sites change,
 * at most every `countsIntervalMs` (device health counts at most every `healthIntervalMs`), and each
 * socket gets only the count events that changed since its previous push (all of them the first
 * time). A socket over `maxBufferedBytes` unsent is closed (1001 `too slow`, docs/api.md), so a slow
 * reader never holds up the others: sends never wait.
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
  /** Sends one text message (a Buffer holds its UTF-8 bytes: one encoding for every socket). */
  send(data: string | Buffer): void;
  /**
   * Optional write batching: between cork and uncork the socket collects its frames and writes them
   * together (one system call for every message of one fan-out round instead of one per message).
   */
  cork?(): void;
  uncork?(): void;
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
  /** Device health counts are recomputed at most this often per scope (default 10 s). */
  healthIntervalMs?: number;
  loginTimeoutMs?: number;
  /** A socket with more unsent bytes than this is closed as too slow (default 4 MiB). */
  maxBufferedBytes?: number;
}

/**
 * Users who see the same sites and the same counts: same company (operators: every company) and
 * same allowed tenants (the inputs of `siteScope` and of the counts). One site set, one counts
 * computation and one serialisation of each count message per scope, whatever its number of sockets.
 */
interface Scope {
  key: string;
  /** A caller of the scope, to load its sites and counts. */
  caller: Caller;
  siteUids: Set<string>;
  /** Loading or reloading the site set (shared by the sockets that wait for it). */
  loading: Promise<void> | null;
  users: Set<UserEntry>;
  /** Last pushed count messages (JSON of the whole message) by event, last push time, pending timer. */
  lastCounts: Map<string, string>;
  countsAt: number;
  healthAt: number;
  timer: NodeJS.Timeout | null;
}

/** The sockets of one user in one scope: visibility is decided once per user, not per socket. */
interface UserEntry {
  key: string;
  caller: Caller;
  scope: Scope;
  clients: Set<Client>;
}

interface Client extends SocketView {
  socket: HubSocket;
  user: UserEntry;
  expiryTimer: NodeJS.Timeout | null;
  /** False until the socket got every count event once (later pushes send only the changed ones). */
  hasCounts: boolean;
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
  /** Number of scopes (distinct site sets and count computations) of the authenticated sockets. */
  scopes(): number;
  close(): Promise<void>;
}

/** The scope key of a caller: company (operators: all) and sorted allowed tenants. */
export function scopeKeyOf(caller: Caller): string {
  const who = caller.isOperator ? '*' : `c:${caller.companyId ?? ''}`;
  return `${who}|${[...caller.allowedTenants].sort().join(',')}`;
}

export function createLiveHub(deps: LiveHubDeps): LiveHub {
  const clients = new Set<Client>();
  const scopes = new Map<string, Scope>();
  const users = new Map<string, UserEntry>();
  /** Users by company (non-operators) and the operators: the candidates of a company's message. */
  const byCompany = new Map<string, Set<UserEntry>>();
  const operators = new Set<UserEntry>();
  /** Sockets whose session is on a site (receivers of that site's pin updates). */
  const focused = new Map<string, Set<Client>>();
  const countsInterval = deps.countsIntervalMs ?? 500;
  const healthInterval = deps.healthIntervalMs ?? 10_000;
  const maxBuffered = deps.maxBufferedBytes ?? 4 * 1024 * 1024;

  /** Sockets corked in this round of fan-out, uncorked together right after it (setImmediate). */
  const corked = new Set<HubSocket>();
  const uncorkAll = () => {
    for (const socket of corked) socket.uncork?.();
    corked.clear();
  };
  /** Sends serialised data; a socket over the buffer limit is closed so it cannot hold others up. */
  const deliver = (socket: HubSocket, data: string | Buffer) => {
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > maxBuffered) {
      socket.close(LIVE_CLOSE_CODES.GOING_AWAY, 'too slow');
      return;
    }
    if (socket.cork && !corked.has(socket)) {
      if (corked.size === 0) setImmediate(uncorkAll);
      corked.add(socket);
      socket.cork();
    }
    socket.send(data);
  };
  const send = (client: { socket: HubSocket }, message: LiveServerMessage) =>
    deliver(client.socket, JSON.stringify(message));
  const sendError = (socket: HubSocket, message: string, action?: string) =>
    send({ socket }, liveMessage(LIVE_EVENTS.ERROR, { message, ...(action ? { action } : {}) }));

  function loadSites(scope: Scope): Promise<void> {
    if (scope.loading) return scope.loading;
    const loading = deps
      .siteUidsOf(scope.caller)
      .then((uids) => {
        scope.siteUids = new Set(uids);
      })
      .finally(() => {
        scope.loading = null;
      });
    scope.loading = loading;
    return loading;
  }

  async function pushCounts(scope: Scope): Promise<void> {
    scope.timer = null;
    if (scope.users.size === 0 || !deps.countsOf) return;
    scope.countsAt = Date.now();
    const withHealth = deps.healthOf && Date.now() - scope.healthAt >= healthInterval;
    if (withHealth) scope.healthAt = Date.now();
    const [counts, health] = await Promise.all([
      deps.countsOf(scope.caller),
      withHealth ? deps.healthOf?.(scope.caller) : undefined,
    ]);
    const changed: Buffer[] = [];
    const messages: [LiveServerMessage['event'], unknown][] = COUNT_EVENTS.map(([key, event]) => [
      event,
      counts[key],
    ]);
    if (health) messages.push([LIVE_EVENTS.RMS_DEVICE_HEALTH_COUNT, health]);
    for (const [event, payload] of messages) {
      const json = JSON.stringify({ event, payload });
      if (scope.lastCounts.get(event) === json) continue;
      scope.lastCounts.set(event, json);
      changed.push(Buffer.from(json));
    }
    const all =
      changed.length === scope.lastCounts.size
        ? changed
        : [...scope.lastCounts.values()].map((j) => Buffer.from(j));
    for (const user of scope.users) {
      for (const c of user.clients) {
        for (const json of c.hasCounts ? changed : all) deliver(c.socket, json);
        c.hasCounts = true;
      }
    }
  }

  function scheduleCounts(scope: Scope): void {
    if (!deps.countsOf || scope.timer) return;
    const wait = Math.max(0, scope.countsAt + countsInterval - Date.now());
    scope.timer = setTimeout(() => {
      pushCounts(scope).catch((err: unknown) =>
        deps.log.error({ err, scope: scope.key }, 'live: counts failed'),
      );
    }, wait);
    scope.timer.unref();
  }

  /** The users a message for `audience` may concern (each is then checked with `canReceive`). */
  function candidates(audience: LiveEnvelope['audience']): Iterable<UserEntry> {
    if (audience.companyId === null) return users.values();
    const own = byCompany.get(audience.companyId);
    if (!own || own.size === 0) return operators;
    if (operators.size === 0) return own;
    return [...own, ...operators];
  }

  const offLive = deps.bus.subscribe('live', (envelope: LiveEnvelope) => {
    // One serialisation per distinct message object (tailorMessage returns the same object when
    // nothing is narrowed), one visibility decision per user (per socket only for focused pin updates).
    const serialised = new Map<LiveServerMessage, Buffer>();
    const json = (m: LiveServerMessage) => {
      let data = serialised.get(m);
      if (data === undefined) {
        data = Buffer.from(JSON.stringify(m));
        serialised.set(m, data);
      }
      return data;
    };
    const { audience } = envelope;
    if (audience.focus) {
      if (audience.siteUid === null) return;
      for (const c of focused.get(audience.siteUid) ?? []) {
        if (canReceive(c, envelope)) deliver(c.socket, json(tailorMessage(c, envelope.message)));
      }
      return;
    }
    for (const user of candidates(audience)) {
      const view: SocketView = { caller: user.caller, siteUids: user.scope.siteUids, sessionSiteUid: null };
      if (!canReceive(view, envelope)) continue;
      const data = json(tailorMessage(view, envelope.message));
      for (const c of user.clients) deliver(c.socket, data);
    }
  });
  const offState = deps.bus.subscribe('site.state-changed', (e) => {
    for (const scope of scopes.values()) {
      if (e.siteUids.some((s) => scope.siteUids.has(s))) scheduleCounts(scope);
    }
  });
  const offConfig = deps.bus.subscribe('site.config-changed', async () => {
    await Promise.all([...scopes.values()].map((scope) => loadSites(scope)));
  });

  function setFocus(client: Client, siteUid: string | null): void {
    if (client.sessionSiteUid) {
      const set = focused.get(client.sessionSiteUid);
      set?.delete(client);
      if (set?.size === 0) focused.delete(client.sessionSiteUid);
    }
    client.sessionSiteUid = siteUid;
    if (siteUid) {
      let set = focused.get(siteUid);
      if (!set) {
        set = new Set();
        focused.set(siteUid, set);
      }
      set.add(client);
    }
  }

  function detach(client: Client): void {
    if (!clients.delete(client)) return;
    if (client.expiryTimer) clearTimeout(client.expiryTimer);
    setFocus(client, null);
    client.user.clients.delete(client);
    dropIfIdle(client.user);
  }

  /** Forgets a user without sockets, and its scope when it was the scope's last user. */
  function dropIfIdle(user: UserEntry): void {
    if (user.clients.size > 0) return;
    users.delete(user.key);
    operators.delete(user);
    const company = user.caller.companyId ?? '';
    byCompany.get(company)?.delete(user);
    if (byCompany.get(company)?.size === 0) byCompany.delete(company);
    const { scope } = user;
    scope.users.delete(user);
    if (scope.users.size === 0) {
      if (scope.timer) clearTimeout(scope.timer);
      if (scopes.get(scope.key) === scope) scopes.delete(scope.key);
    }
  }

  /** The user entry (and scope) of a signed-in caller, created with its site set on first use. */
  async function enter(caller: Caller): Promise<UserEntry> {
    const scopeKey = scopeKeyOf(caller);
    let scope = scopes.get(scopeKey);
    for (;;) {
      if (!scope) {
        scope = {
          key: scopeKey,
          caller,
          siteUids: new Set(),
          loading: null,
          users: new Set(),
          lastCounts: new Map(),
          countsAt: 0,
          healthAt: 0,
          timer: null,
        };
        scopes.set(scopeKey, scope);
        const created = scope;
        // A first load that fails leaves no empty scope behind (the next LOGIN tries again).
        loadSites(created).catch(() => {
          if (created.users.size === 0 && scopes.get(scopeKey) === created) scopes.delete(scopeKey);
        });
      }
      // Sockets of a new scope wait for its first site set (shared by every socket that waits).
      if (scope.loading) await scope.loading;
      const current = scopes.get(scopeKey);
      if (current === scope) break;
      // The scope ended (its last socket left) while this one waited: join or create the current one.
      scope = current;
    }
    const key = `${caller.uid}|${scopeKey}`;
    let user = users.get(key);
    if (!user) {
      user = { key, caller, scope, clients: new Set() };
      users.set(key, user);
      scope.users.add(user);
      if (caller.isOperator) operators.add(user);
      else {
        const company = caller.companyId ?? '';
        let set = byCompany.get(company);
        if (!set) {
          set = new Set();
          byCompany.set(company, set);
        }
        set.add(user);
      }
    }
    return user;
  }

  async function login(socket: HubSocket, token: string, pending: { client: Client | null }) {
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
        return user.scope.siteUids;
      },
      sessionSiteUid: null,
      expiryTimer: null,
      hasCounts: false,
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
    user.clients.add(client);
    if (previousSession && user.scope.siteUids.has(previousSession)) setFocus(client, previousSession);
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
        if (pending.client) detach(pending.client);
      });
    },
    size: () => clients.size,
    scopes: () => scopes.size,
    async close() {
      offLive();
      offState();
      offConfig();
      for (const scope of scopes.values()) if (scope.timer) clearTimeout(scope.timer);
      uncorkAll();
      for (const client of [...clients]) {
        detach(client);
        client.socket.close(LIVE_CLOSE_CODES.GOING_AWAY, 'server shutting down');
      }
      clients.clear();
      scopes.clear();
      users.clear();
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
}
