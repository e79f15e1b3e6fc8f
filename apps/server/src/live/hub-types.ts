/**
 * Types of the live hub (live-hub.ts) shared by its parts: the socket it drives, its dependencies, and
 * its bookkeeping of sockets by user and users by scope (hub-registry.ts).
 */
import type {
  LIVE_CLOSE_CODES,
  LIVE_CLOSE_REASONS,
  LIVE_EVENTS,
  LivePayload,
  StatusCountsReply,
} from '@towerwatch/contract';
import type { Logger } from 'pino';
import type { Caller } from '../auth/caller.ts';
import type { EventBus } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import type { SocketView } from './visibility.ts';

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

/**
 * A signed-in socket's caller checked again against the database: the rebuilt Caller, or the close
 * code and reason (session ended: 4001 `session ended`; user disabled or deleted: 4003 `user disabled`).
 */
export type RecheckResult =
  | { ok: true; caller: Caller }
  | {
      ok: false;
      code: (typeof LIVE_CLOSE_CODES)[keyof typeof LIVE_CLOSE_CODES];
      reason: (typeof LIVE_CLOSE_REASONS)[keyof typeof LIVE_CLOSE_REASONS];
    };

export interface LiveHubDeps {
  bus: EventBus;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  authenticate(token: string): Promise<AuthenticateResult>;
  /**
   * Rebuilds a signed-in socket's Caller from the database (user, rights, session) when the bus says
   * the user's rights changed; omitted = no re-evaluation (sockets are still closed on
   * `auth.session-ended` and `user.disabled`).
   */
  recheck?(caller: Caller): Promise<RecheckResult>;
  /** Uids of the sites the caller may see (docs/requirements.md#site-scope scoping). */
  siteUidsOf(caller: Caller): Promise<string[]>;
  /**
   * Dashboard counts of the caller (the status-counts service); omitted = no count pushes.
   * `freshBattery`: battery classes computed now (one moved); without it, the battery classes last
   * computed for the scope (computed only when there are none: the hub asks fresh ones on every move).
   */
  countsOf?(caller: Caller, opts?: { freshBattery: boolean }): Promise<StatusCountsReply>;
  /** Device health counts of the caller (GET /site/healths counts); omitted = not pushed. */
  healthOf?(caller: Caller): Promise<LivePayload<typeof LIVE_EVENTS.RMS_DEVICE_HEALTH_COUNT>>;
  /** Dashboard counts of a scope are recomputed at most this often after a change (default 500 ms). */
  countsIntervalMs?: number;
  /** Device health counts of a scope are recomputed at most this often after a change (default 10 s). */
  healthIntervalMs?: number;
  /** After a battery class moved, fresh battery classes are asked at most this often per scope (default 10 s). */
  batteryIntervalMs?: number;
  loginTimeoutMs?: number;
  /** A socket with more unsent bytes than this is closed as too slow (default 4 MiB). */
  maxBufferedBytes?: number;
}

export interface LiveHub {
  /** Takes over a freshly opened socket. */
  attach(socket: HubSocket): void;
  /** Number of authenticated sockets. */
  size(): number;
  /** Number of scopes (distinct site sets and count computations) of the authenticated sockets. */
  scopes(): number;
  /** True when a socket of this hub is focused on the site (a receiver of its pin updates). */
  hasFocus(siteUid: string): boolean;
  close(): Promise<void>;
}

/**
 * Users who see the same sites and the same counts: same company (operators: every company) and
 * same allowed tenants (the inputs of `siteScope` and of the counts). One site set, one counts
 * computation and one serialisation of each count message per scope, whatever its number of sockets.
 */
export interface Scope {
  key: string;
  /** A caller of the scope, to load its sites and counts. */
  caller: Caller;
  siteUids: Set<string>;
  /** Loading or reloading the site set (shared by the sockets that wait for it). */
  loading: Promise<void> | null;
  users: Set<UserEntry>;
  /** Last pushed count messages (JSON of the whole message) by event. */
  lastCounts: Map<string, string>;
  /** A site of the scope changed since the last dashboard counts (computed at `countsAt`). */
  countsDue: boolean;
  countsAt: number;
  /** A site of the scope changed since the last device health counts (computed at `healthAt`). */
  healthDue: boolean;
  healthAt: number;
  /** A battery class of the scope moved since the last push with fresh battery classes (at `batteryAt`). */
  batteryMoved: boolean;
  batteryAt: number;
  /** The planned push (at `timerAt`), and whether a push is running (the next is planned after it). */
  timer: NodeJS.Timeout | null;
  timerAt: number;
  pushing: boolean;
}

/** The sockets of one user in one scope: visibility is decided once per user, not per socket. */
export interface UserEntry {
  key: string;
  caller: Caller;
  scope: Scope;
  clients: Set<Client>;
}

export interface Client extends SocketView {
  socket: HubSocket;
  user: UserEntry;
  expiryTimer: NodeJS.Timeout | null;
  /** False until the socket got every count event once (later pushes send only the changed ones). */
  hasCounts: boolean;
}
