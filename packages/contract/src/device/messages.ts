/**
 * Device → server and server → device messages (docs/device-protocol.md). Types come from z.infer;
 * the simulator builds payloads with them and the server ingest validates with them.
 */
import {
  ACCESS_DENY_REASONS,
  ACCESS_EVENTS,
  ACCESS_LIST_CHUNK_SIZE,
  CARD_NUMBER_PATTERN,
  TIME_OF_DAY_PATTERN,
} from '@towerwatch/domain';
import { z } from 'zod';
import { deviceTs, MAX_READINGS_PER_MESSAGE, msgId } from './common.ts';
import { pinName } from './pins.ts';

/** One reading: a pin and its numeric value (volts, amperes, °C, %RH, %, or 0/1 for digital pins). */
export const pinReading = z.object({
  pin: pinName,
  value: z.number().finite(),
});
export type PinReading = z.infer<typeof pinReading>;

/** `tw/v1/dev/{com_id}/pins`: a batch of readings taken at one time. */
export const pinsMessage = z.object({
  msg_id: msgId,
  ts: deviceTs,
  readings: z.array(pinReading).min(1).max(MAX_READINGS_PER_MESSAGE),
});
export type PinsMessage = z.infer<typeof pinsMessage>;

/**
 * Events a device detects itself (docs/requirements.md#event-names site and access events). State events
 * (door_open/close, lock_open/close) mirror the door/lock pins; condition events carry
 * `value` 1 (active, the default) or 0 (cleared).
 */
// domain-rule-copy-ignore: the device protocol's own event names, not a domain alarm list
export const DEVICE_EVENT_NAMES = [
  ...ACCESS_EVENTS,
  'smoke_detection',
  'water_detection',
  'dg_start_fail',
  'dc_fan_fault',
  'rectifier_fail',
  'aviation_light_fail',
  'mdb_fault',
  'inverter_battery_low',
] as const;
export type DeviceEventName = (typeof DEVICE_EVENT_NAMES)[number];
export const deviceEventName = z.enum(DEVICE_EVENT_NAMES);

/** `tw/v1/dev/{com_id}/events`. */
export const eventMessage = z.object({
  msg_id: msgId,
  ts: deviceTs,
  event: deviceEventName,
  /** The input that triggered the event, when there is one (e.g. `di1` for a door). */
  pin: pinName.optional(),
  /** 1 = active (default), 0 = cleared; for vibration/motion the sensor level may be sent instead. */
  value: z.number().finite().optional(),
});
export type EventMessage = z.infer<typeof eventMessage>;

/** `tw/v1/dev/{com_id}/access`: one card swipe at the site's reader. */
export const accessMessage = z.object({
  msg_id: msgId,
  ts: deviceTs,
  /** Card number as printed/encoded, 1–32 characters (digits or hex). */
  card_number: z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'card_number must be 1–32 letters or digits'),
  granted: z.boolean(),
  /** Which door the reader guards when a site has more than one; default `door1`. */
  door: z.string().min(1).max(32).optional(),
  /**
   * Why access was refused, when `granted` is false: the domain's deny reasons
   * (docs/requirements.md#access-deny-reasons); `outside_hours` is the older name of `outside_time_window`.
   */
  reason: z.enum([...ACCESS_DENY_REASONS, 'outside_hours']).optional(),
});
export type AccessMessage = z.infer<typeof accessMessage>;

/**
 * `tw/v1/dev/{com_id}/status` (retained). The last will registered at connect is
 * `{"online":false}` without ts; the server then uses its receive time.
 */
export const statusMessage = z.object({
  online: z.boolean(),
  ts: deviceTs.optional(),
  /** Firmware version, e.g. `2.4.1`. */
  fw: z.string().min(1).max(32).optional(),
  /**
   * The access-list version the device holds (0 = none); absent = not reported (older firmware).
   * The server resends the site's list when it differs (docs/requirements.md#access-reconcile).
   */
  access_list_version: z.number().int().min(0).max(2_147_483_647).optional(),
  /**
   * What the controller reports about itself for the service string (docs/requirements.md#service-string):
   * sent with `online: true` on connect and again every 15 minutes (retained).
   */
  service: z
    .object({
      model: z.string().min(1).max(64).optional(),
      /** Seconds since the controller booted. */
      uptime_s: z
        .number()
        .int()
        .min(0)
        .max(10 * 365 * 86_400)
        .optional(),
      /** Cellular signal strength (dBm). */
      rssi_dbm: z.number().int().min(-150).max(0).optional(),
      /** The last error the controller logged, null when none. */
      last_error: z.string().max(120).nullable().optional(),
    })
    .optional(),
});
export type StatusMessage = z.infer<typeof statusMessage>;

/** One card of an access list as the device stores and enforces it (domain `AccessListEntry`). */
export const accessListEntry = z.object({
  card_number: z.string().regex(CARD_NUMBER_PATTERN),
  /** Epoch-ms bounds of validity as ISO instants; null = unbounded. */
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  blocked: z.boolean(),
  /** Weekly windows in Asia/Dhaka (days 0 = Sunday … 6, `HH:MM`); empty = any time. */
  time_windows: z.array(
    z.object({
      days: z.array(z.number().int().min(0).max(6)),
      from: z.string().regex(TIME_OF_DAY_PATTERN),
      until: z.string().regex(TIME_OF_DAY_PATTERN),
    }),
  ),
});
export type AccessListEntryMessage = z.infer<typeof accessListEntry>;

/**
 * Params of `access_list` (docs/device-protocol.md "access_list"): version `version` of the site's
 * list, in `chunks` parts of at most ACCESS_LIST_CHUNK_SIZE entries; part `chunk` (0-based). The
 * device replaces its list with the union of the parts once it holds all parts of one version, and
 * acks each part; a part of a version it already applied, or older than it, is acked without change
 * (idempotent).
 */
export const accessListParams = z.object({
  version: z.number().int().min(1),
  chunk: z.number().int().min(0),
  chunks: z.number().int().min(1),
  /** Cards in the whole version (all chunks). */
  total: z.number().int().min(0),
  entries: z.array(accessListEntry).max(ACCESS_LIST_CHUNK_SIZE),
});
export type AccessListParams = z.infer<typeof accessListParams>;

/** Command id: chosen by the server, echoed in the ack. */
export const cmdId = msgId;

/** Commands the server sends on `tw/v1/dev/{com_id}/cmd`. */
export const DEVICE_COMMANDS = [
  'unlock',
  'digital_control',
  'clear_security_breach',
  'clear_lock_open_fail',
  'access_list',
] as const;
export type DeviceCommandName = (typeof DEVICE_COMMANDS)[number];

const cmdBase = {
  cmd_id: cmdId,
  ts: deviceTs,
  /** The device must not execute a command received after this time (epoch ms). */
  expires_at: deviceTs.optional(),
};

/** `tw/v1/dev/{com_id}/cmd`, discriminated by `command`. */
export const commandMessage = z.discriminatedUnion('command', [
  z.object({
    ...cmdBase,
    command: z.literal('unlock'),
    /** Seconds the lock stays released before it relocks by itself (1–300, default 10). */
    params: z.object({ duration_s: z.number().int().min(1).max(300).default(10) }),
  }),
  z.object({
    ...cmdBase,
    command: z.literal('digital_control'),
    /** Sets a digital output (`do1`…`do8`) to 0 or 1. */
    params: z.object({
      pin: z.string().regex(/^do[1-8]$/, 'pin must be do1..do8'),
      value: z.union([z.literal(0), z.literal(1)]),
    }),
  }),
  z.object({ ...cmdBase, command: z.literal('clear_security_breach'), params: z.object({}) }),
  z.object({ ...cmdBase, command: z.literal('clear_lock_open_fail'), params: z.object({}) }),
  z.object({ ...cmdBase, command: z.literal('access_list'), params: accessListParams }),
]);
export type CommandMessage = z.infer<typeof commandMessage>;
/** Input type of a command (defaults not yet applied), for building one. */
export type CommandMessageInput = z.input<typeof commandMessage>;

/** `tw/v1/dev/{com_id}/cmd/ack`: the device's answer to one command. */
export const commandAckMessage = z
  .object({
    cmd_id: cmdId,
    ok: z.boolean(),
    /** Short reason when `ok` is false, e.g. `lock_jammed`, `expired`, `unsupported`. */
    error: z.string().min(1).max(200).optional(),
    ts: deviceTs.optional(),
  })
  .refine((value) => value.ok || value.error !== undefined, {
    path: ['error'],
    message: 'error is required when ok is false',
  });
export type CommandAckMessage = z.infer<typeof commandAckMessage>;
