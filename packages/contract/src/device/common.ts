/** Fields shared by every device message (docs/device-protocol.md "Ids, time and limits"). */
import { z } from 'zod';

/** Largest accepted MQTT payload; bigger messages are counted and dropped. */
export const MAX_DEVICE_PAYLOAD_BYTES = 64 * 1024;
/** Most readings in one `pins` message. */
export const MAX_READINGS_PER_MESSAGE = 256;

/**
 * Message id: 1–64 characters of letters, digits, `.`, `_`, `:` or `-`, unique per device.
 * The server ignores a message whose id it has already accepted from the same com_id.
 */
export const msgId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'msg_id must be 1–64 chars: letters, digits, . _ : -');

/** Earliest accepted device time (2000-01-01T00:00:00Z) and latest (2100-01-01T00:00:00Z). */
export const MIN_DEVICE_TS = 946_684_800_000;
export const MAX_DEVICE_TS = 4_102_444_800_000;

/** Device time: UTC epoch milliseconds (integer). */
export const deviceTs = z
  .number()
  .int('ts must be integer epoch milliseconds')
  .min(MIN_DEVICE_TS, 'ts must be epoch milliseconds after 2000-01-01')
  .max(MAX_DEVICE_TS, 'ts must be epoch milliseconds before 2100-01-01');
