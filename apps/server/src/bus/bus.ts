/**
 * The event bus: typed domain events between the parts of the server (ingest, API, live hub, jobs).
 * Every event is plain JSON so a broker-backed bus can carry it between processes; the in-process
 * bus (one process, the default) and the MQTT bus (scale-out) implement the same interface.
 */
import type { LiveServerMessage } from '@towerwatch/contract';

/**
 * Who may receive a live message. The live hub checks it against each socket's user:
 * - `companyId`: the site's company (null = not tied to a company, e.g. operator-wide);
 * - `siteUid`: the site (the user must be able to see it);
 * - `tenant`: the tenant it belongs to (null = no tenant; power events then count as the first
 *   operator tenant, docs/requirements.md#tenant-rule);
 * - `kind`: the event kind for the read-only reduced-kind rule (docs/requirements.md#reduced-events), when it is a site event;
 * - `focus`: true = only sockets whose session is on `siteUid` (pin updates);
 * - `userUid`: only this user's sockets (e.g. their dashboard counts).
 */
export interface LiveAudience {
  companyId: string | null;
  siteUid: string | null;
  tenant: string | null;
  kind?: string;
  focus?: boolean;
  userUid?: string;
}

/**
 * The sites some live socket of the deployment is focused on (the receivers of `focus` messages):
 * ingest builds pin-update messages only for those sites (live/shared-focus.ts).
 */
export interface FocusedSites {
  has(siteUid: string): boolean;
}

/** A live message with its audience. */
export interface LiveEnvelope {
  audience: LiveAudience;
  message: LiveServerMessage;
}

/** Domain events carried by the bus, by channel. */
export interface BusEvents {
  /** A message for /wss sockets. */
  live: LiveEnvelope;
  /**
   * The whole set of sites a live hub's sockets are focused on (replaces that hub's previous set; empty
   * = none), so ingest in every process builds pin updates only for focused sites (live/shared-focus.ts).
   */
  'live.focus': { hub: string; sites: string[] };
  /** A process joined the shared bus: every hub publishes its `live.focus` set. */
  'live.focus-request': Record<string, never>;
  /**
   * Alarm or pin state of these sites changed: dashboard counts of their company may change;
   * `battery`: a battery class of one of them moved (cached battery counts are out of date).
   */
  'site.state-changed': { companyId: string; siteUids: string[]; battery?: boolean };
  /** Pin configs, devices or settings of a site changed: ingest caches must drop the site. */
  'site.config-changed': { siteUid: string; comIds?: string[] };
  /** A device command row was created (status pending): the dispatcher publishes it. */
  'command.created': { id: number };
  /** A device reported the access-list version it holds (docs/requirements.md#access-reconcile). */
  'device.access-list-reported': { comId: string; version: number };
  /**
   * Auth sessions of a user ended (docs/api.md "Live socket"): `sessionId` = that session only;
   * omitted = every session of the user except `exceptSessionId`. Their live sockets are closed
   * (4001 `session ended`).
   */
  'auth.session-ended': { userUid: string; sessionId?: string; exceptSessionId?: string };
  /**
   * A user's rights may have changed (tenants, access roles, type, company, password, disabled):
   * their live sockets rebuild their Caller from the database (closed when the session or user is gone).
   */
  'user.rights-changed': { userUid: string };
  /** A user was disabled or deleted: their live sockets are closed (4003 `user disabled`). */
  'user.disabled': { userUid: string };
}
/** A bus channel name. */
export type BusChannel = keyof BusEvents;
/** Handler of one channel. May be async; errors are caught and logged by the bus. */
export type BusHandler<C extends BusChannel> = (event: BusEvents[C]) => void | Promise<void>;

/** Publish/subscribe of typed domain events. */
export interface EventBus {
  /** Delivers `event` to every subscriber of `channel` (in this and, for a shared bus, other processes). */
  publish<C extends BusChannel>(channel: C, event: BusEvents[C]): void;
  /** Subscribes; returns the unsubscribe function. */
  subscribe<C extends BusChannel>(channel: C, handler: BusHandler<C>): () => void;
  /** Stops delivery and releases connections. */
  close(): Promise<void>;
}

/** Minimal logger the bus uses for handler failures. */
export interface BusLogger {
  error(obj: object, msg?: string): void;
}

export const BUS_CHANNELS = [
  'live',
  'live.focus',
  'live.focus-request',
  'site.state-changed',
  'site.config-changed',
  'command.created',
  'auth.session-ended',
  'user.rights-changed',
  'user.disabled',
] as const satisfies readonly BusChannel[];
