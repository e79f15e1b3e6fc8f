import { PIN_PRIORITIES, SOCKET_PATH, SOCKET_PING_INTERVAL_MS } from '@towerwatch/domain';
import { z } from 'zod';
import { accessRecord, accessSync } from './access.ts';
import { LIVE_EVENTS, type LiveEventName } from './live-events.ts';
import { dcLoadState, liveAlarm, liveSiteEvent } from './live-site.ts';
import { ticket } from './tickets.ts';

export { LIVE_EVENTS, type LiveEventName } from './live-events.ts';
export {
  dcLoadState,
  type LiveAlarm,
  type LiveSiteEvent,
  liveAlarm,
  liveEventGroup,
  liveSiteEvent,
} from './live-site.ts';

/**
 * The live socket at `/wss` (docs/requirements.md#live-socket). The client sends `{ action, ... }`
 * messages; the server sends `{ event, payload }` messages. Event names are the constants of
 * {@link LIVE_EVENTS}; each event has one payload schema in {@link livePayloadSchemas}.
 *
 * Protocol:
 * 1. Open `ws(s)://{host}/wss`. Within {@link LIVE_LOGIN_TIMEOUT_MS} send `LOGIN` with the access
 *    token (the same bearer token as the HTTP API). A bare user id is not enough.
 * 2. The server answers `LOGIN_OK`, or closes with {@link LIVE_CLOSE_CODES}.UNAUTHORIZED (4001) and a
 *    reason string (`invalid token`, `token expired`, `login required`, `login timeout`).
 *    When the access token expires while the socket is open the server closes it with 4001
 *    `token expired`; the client reconnects with a fresh token. When the socket's session ends
 *    (logout, logout of all sessions, password change ending other sessions, refresh-token reuse)
 *    it is closed with 4001 `session ended` (sign in again); when the user is disabled or deleted,
 *    with {@link LIVE_CLOSE_CODES}.FORBIDDEN (4003) `user disabled` (do not reconnect). Both within
 *    1 s, on every process of a scaled-out deployment. When the user's rights change (tenants,
 *    access roles, type, company) the open socket is re-evaluated within 1 s: it receives only
 *    what the new rights allow and leaves a focused site it may no longer see.
 * 3. `PING` every 10 s (docs/requirements.md#live-ping) is answered with `PONG`.
 * 4. `SESSION_START { site_uid }` focuses a site (scoped: refused with `ERROR` for a site the
 *    user cannot see). Pin updates (phase voltage, DG/PG, access status, battery, temperature)
 *    are sent only for the focused site; site events, status updates and dashboard counts are
 *    sent for every site the user may see.
 */

/** Client actions (docs/requirements.md#live-socket). */
export const LIVE_ACTIONS = {
  LOGIN: 'LOGIN',
  PING: 'PING',
  SESSION_START: 'SESSION_START',
  SESSION_END: 'SESSION_END',
} as const;
/** A client action name. */
export type LiveAction = (typeof LIVE_ACTIONS)[keyof typeof LIVE_ACTIONS];

/** Close codes the server uses (application range 4000–4999). */
export const LIVE_CLOSE_CODES = {
  /** Missing, wrong or expired access token; the reason string says which. */
  UNAUTHORIZED: 4001,
  /** The user was disabled or deleted (reason `user disabled`); do not reconnect. */
  FORBIDDEN: 4003,
  /** The server is shutting down; reconnect later. */
  GOING_AWAY: 1001,
} as const;

/**
 * Close reasons: sent with {@link LIVE_CLOSE_CODES}.UNAUTHORIZED (4001), except `user disabled`
 * (with {@link LIVE_CLOSE_CODES}.FORBIDDEN, 4003).
 */
export const LIVE_CLOSE_REASONS = {
  INVALID_TOKEN: 'invalid token',
  TOKEN_EXPIRED: 'token expired',
  LOGIN_REQUIRED: 'login required',
  LOGIN_TIMEOUT: 'login timeout',
  /** The socket's session ended (logout, logout all, password change, refresh-token reuse). */
  SESSION_ENDED: 'session ended',
  /** The user was disabled or deleted (code 4003). */
  USER_DISABLED: 'user disabled',
} as const;

/** A socket that has not sent a valid LOGIN within this time is closed (4001 `login timeout`). */
export const LIVE_LOGIN_TIMEOUT_MS = 10_000;
/** The client pings every 10 s (docs/requirements.md#live-ping; the value lives in the domain). */
export const LIVE_PING_INTERVAL_MS = SOCKET_PING_INTERVAL_MS;
/** The socket path (docs/requirements.md#live-socket; the value lives in the domain). */
export const LIVE_PATH = SOCKET_PATH;

const siteUid = z.string().min(1).max(64);

/** `LOGIN`: the access token. `user_uid` (the spec's root user uid) is accepted but not trusted. */
export const liveLoginAction = z.object({
  action: z.literal(LIVE_ACTIONS.LOGIN),
  token: z.string().min(1).max(4096),
  user_uid: z.union([z.string(), z.number()]).optional(),
});
/** `PING`. */
export const livePingAction = z.object({ action: z.literal(LIVE_ACTIONS.PING) });
/** `SESSION_START`: focus a site (pin updates are sent for the focused site only). */
export const liveSessionStartAction = z.object({
  action: z.literal(LIVE_ACTIONS.SESSION_START),
  site_uid: siteUid,
});
/** `SESSION_END`: stop receiving the focused site's pin updates. */
export const liveSessionEndAction = z.object({ action: z.literal(LIVE_ACTIONS.SESSION_END) });

/** Any client → server message. */
export const liveClientMessage = z.discriminatedUnion('action', [
  liveLoginAction,
  livePingAction,
  liveSessionStartAction,
  liveSessionEndAction,
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** ISO-8601 UTC timestamp. */
const isoTime = z.string();
const tenant = z.string().nullable();
const count = z.number().int().nonnegative();

/** Common part of a pin update (sent only to sockets whose session is on this site). */
const pinUpdate = z.object({
  siteUid,
  comId: z.string(),
  pinName: z.string(),
  tenant,
  time: isoTime,
});

/** Payload schema of each server event. */
export const livePayloadSchemas = {
  [LIVE_EVENTS.LOGIN_OK]: z.object({ userUid: z.string(), expiresAt: isoTime }),
  [LIVE_EVENTS.PONG]: z.object({ time: isoTime }),
  [LIVE_EVENTS.SESSION_STARTED]: z.object({ siteUid }),
  [LIVE_EVENTS.ERROR]: z.object({ message: z.string(), action: z.string().optional() }),
  [LIVE_EVENTS.SITE_EVENT]: liveSiteEvent,
  /** The site's alarms changed: replace them (docs/requirements.md#site-status-update). */
  [LIVE_EVENTS.SITE_STATUS_UPDATED]: z.object({
    siteUid,
    alarms: z.array(liveAlarm),
    dcLoad: z.array(z.object({ tenant: z.string(), value: dcLoadState })),
  }),
  /** Site renamed or its pin configs / settings changed: refresh the config. */
  [LIVE_EVENTS.SITE_CONFIG_UPDATED]: z.object({
    siteUid,
    name: z.string().optional(),
    reason: z.enum(['renamed', 'pin_configs', 'settings', 'other']),
  }),
  [LIVE_EVENTS.MAIN_PHASE_VOLTAGE]: pinUpdate.extend({
    phase: z.enum(['a', 'b', 'c']),
    voltage: z.number(),
  }),
  [LIVE_EVENTS.DG_STATUS]: pinUpdate.extend({ status: z.number() }),
  [LIVE_EVENTS.PG_STATUS]: pinUpdate.extend({ status: z.number() }),
  [LIVE_EVENTS.ACCESS_STATUS]: pinUpdate.extend({
    priority: z.enum(PIN_PRIORITIES).nullable(),
    status: z.number(),
  }),
  [LIVE_EVENTS.BATTERY_TERMINAL_VOLTAGE]: pinUpdate.extend({ voltage: z.number() }),
  [LIVE_EVENTS.BATTERY_CURRENT]: pinUpdate.extend({ ampere: z.number() }),
  /** Estimated backup time left (minutes) from battery_max / battery_left and the DC load. */
  [LIVE_EVENTS.BATTERY_BACKUP_TIME_LEFT]: z.object({
    siteUid,
    tenant,
    minutes: z.number().nullable(),
    maximum: z.number().nullable(),
    remaining: z.number().nullable(),
    time: isoTime,
  }),
  [LIVE_EVENTS.SITE_TEMPERATURE_HUMIDITY]: z.object({
    siteUid,
    temperature: z.number().nullable(),
    humidity: z.number().nullable(),
    time: isoTime,
  }),
  /** Dashboard counts (docs/requirements.md#dashboard-counts), over the user's sites and tenants. */
  [LIVE_EVENTS.POWER_COUNT]: z.object({
    mains_on: count,
    mains_off: count,
    dc_low: count,
    dg_power: count,
    pg_power: count,
    site_down: count,
    site_on_battery: count,
  }),
  [LIVE_EVENTS.DC_POWER_COUNT]: z.object({
    no_load: count,
    normal_load: count,
    over_load: count,
    /** loadCount by DOWN, NORMAL, OVER per tenant plus `total`. */
    loadCount: z.record(z.string(), z.object({ DOWN: count, NORMAL: count, OVER: count })),
  }),
  /** Abnormal (raised, available, enabled) alarms per alarm id, plus paused and offline buckets. */
  [LIVE_EVENTS.ALARM_COUNT]: z.object({
    byAlarm: z.record(z.string(), count),
    paused: count,
    deviceOffline: z.object({ lt24h: count, lt48h: count, lt72h: count, gte72h: count, total: count }),
  }),
  [LIVE_EVENTS.ACCESS_COUNT]: z.object({
    total_door: count,
    door_open: count,
    lock_open: count,
    lock_open_fail: count,
    lock_close_fail: count,
    security_breach: count,
    vibration: count,
  }),
  [LIVE_EVENTS.MAINS_AVAILABLE_COUNT]: z.object({ on: count, off: count }),
  [LIVE_EVENTS.DG_RUNNING_COUNT]: z.object({ on: count, off: count }),
  [LIVE_EVENTS.TEMPERATURE_WISE_COUNT]: z.object({ normal: count, high: count }),
  [LIVE_EVENTS.BATTERY_BACKUP_COUNT]: z.object({ full: count, good: count, ok: count, bad: count }),
  /** An OEM rectifier/BMS record or alarm from a device. */
  [LIVE_EVENTS.RECTIFIER_EVENT]: z.object({
    siteUid,
    comId: z.string(),
    kind: z.string(),
    time: isoTime,
    data: z.record(z.string(), z.unknown()),
  }),
  /**
   * A card swipe or a remote unlock (access record, the same shape as GET /door/access/fetch-records
   * items); prepended to the access records (docs/requirements.md#access-records).
   */
  [LIVE_EVENTS.RMS_ACCESS_RECORD]: accessRecord,
  /** Device health counts (the `counts` of GET /site/healths), pushed like the dashboard counts. */
  [LIVE_EVENTS.RMS_DEVICE_HEALTH_COUNT]: z.object({
    total: count,
    online: count,
    offline: count,
    lt24h: count,
    lt48h: count,
    lt72h: count,
    gte72h: count,
  }),
  /** A ticket was opened (docs/requirements.md#ticket-live): prepended to the ticket list. */
  [LIVE_EVENTS.RMS_TICKET_CREATE]: z.object({
    id: z.union([z.number(), z.string()]),
    ticket: ticket.optional(),
  }),
  /** A ticket changed (status, assignee, note, attachment): the ticket list refreshes. */
  [LIVE_EVENTS.RMS_TICKET_UPDATE]: z.object({
    id: z.union([z.number(), z.string()]),
    ticket: ticket.optional(),
  }),
  /** An event was acknowledged (POST /user/network/acknowledge-event). */
  [LIVE_EVENTS.EVENT_ACKNOWLEDGED]: z.object({
    id: z.number().int(),
    siteUid,
    tenant,
    name: z.string(),
    /** Uid of the acknowledging user. */
    acknowledgedBy: z.string(),
    /** Display name of the acknowledging user (their name, else their username). */
    acknowledgedByName: z.string(),
    acknowledgedAt: isoTime,
  }),
  /** A device command (unlock, digital control, clear breach) changed status. */
  [LIVE_EVENTS.COMMAND_STATUS]: z.object({
    id: z.number().int(),
    siteUid,
    comId: z.string(),
    kind: z.string(),
    status: z.enum(['pending', 'sent', 'acked', 'failed']),
    message: z.string().nullable(),
    time: isoTime,
  }),
  /**
   * A site's access-list sync state changed: a new version was sent (pending), or its device acked
   * every chunk (applied) or one failed (docs/requirements.md#access-sync).
   */
  [LIVE_EVENTS.ACCESS_SYNC_STATUS]: accessSync.extend({ time: isoTime }),
} as const satisfies Record<LiveEventName, z.ZodType>;

/** Payload type of event `E`. */
export type LivePayload<E extends LiveEventName> = z.infer<(typeof livePayloadSchemas)[E]>;

/** A server → client message for event `E`. */
export type LiveMessageOf<E extends LiveEventName> = { event: E; payload: LivePayload<E> };

/** Any server → client message (a discriminated union on `event`). */
export type LiveServerMessage = { [E in LiveEventName]: LiveMessageOf<E> }[LiveEventName];

/** Builds a typed server message. */
export function liveMessage<E extends LiveEventName>(event: E, payload: LivePayload<E>): LiveMessageOf<E> {
  return { event, payload };
}

/** Envelope check of a server message (`{ event, payload }` with a known event name). */
export const liveServerEnvelope = z.object({
  event: z.enum(Object.values(LIVE_EVENTS) as [LiveEventName, ...LiveEventName[]]),
  payload: z.unknown(),
});

/** Parses and validates a server message (used by clients and tests). Returns null when invalid. */
export function parseLiveServerMessage(raw: string): LiveServerMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const envelope = liveServerEnvelope.safeParse(json);
  if (!envelope.success) return null;
  const payload = livePayloadSchemas[envelope.data.event].safeParse(envelope.data.payload);
  if (!payload.success) return null;
  return { event: envelope.data.event, payload: payload.data } as LiveServerMessage;
}

/** Events that are dashboard counts (pushed coalesced when they change). */
export const LIVE_COUNT_EVENTS = [
  LIVE_EVENTS.POWER_COUNT,
  LIVE_EVENTS.DC_POWER_COUNT,
  LIVE_EVENTS.ALARM_COUNT,
  LIVE_EVENTS.ACCESS_COUNT,
  LIVE_EVENTS.MAINS_AVAILABLE_COUNT,
  LIVE_EVENTS.DG_RUNNING_COUNT,
  LIVE_EVENTS.TEMPERATURE_WISE_COUNT,
  LIVE_EVENTS.BATTERY_BACKUP_COUNT,
] as const satisfies readonly LiveEventName[];
