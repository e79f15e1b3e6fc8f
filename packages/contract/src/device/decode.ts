/** Decoding of a raw MQTT payload on a device topic into a validated message. Never throws. */
import type { z } from 'zod';
import { MAX_DEVICE_PAYLOAD_BYTES } from './common.ts';
import {
  accessMessage,
  commandAckMessage,
  commandMessage,
  eventMessage,
  pinsMessage,
  statusMessage,
} from './messages.ts';
import { oemMessage } from './oem.ts';
import type { DeviceTopicKind } from './topics.ts';

/** The schema that validates each topic kind. */
export const deviceMessageSchemas = {
  pins: pinsMessage,
  events: eventMessage,
  access: accessMessage,
  oem: oemMessage,
  status: statusMessage,
  cmd: commandMessage,
  'cmd/ack': commandAckMessage,
} as const satisfies Record<DeviceTopicKind, z.ZodType>;

/** The validated message type of each topic kind. */
export type DeviceMessageOf<K extends DeviceTopicKind> = z.infer<(typeof deviceMessageSchemas)[K]>;

/** Why a payload was refused; the server counts refusals by this reason. */
export type DecodeFailure = 'too_large' | 'invalid_json' | 'invalid_payload';

export type DecodeResult<K extends DeviceTopicKind> =
  | { ok: true; message: DeviceMessageOf<K> }
  | { ok: false; reason: DecodeFailure; error: string };

/**
 * Decodes `payload` (UTF-8 JSON) for topic kind `kind`. Oversized, non-JSON and schema-invalid
 * payloads give `{ ok: false }` with a reason and a message naming the first bad field.
 */
export function decodeDevicePayload<K extends DeviceTopicKind>(
  kind: K,
  payload: Uint8Array | string,
): DecodeResult<K> {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
  if (size > MAX_DEVICE_PAYLOAD_BYTES) {
    return {
      ok: false,
      reason: 'too_large',
      error: `payload of ${size} bytes exceeds ${MAX_DEVICE_PAYLOAD_BYTES}`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8'));
  } catch (error) {
    return { ok: false, reason: 'invalid_json', error: (error as Error).message };
  }
  const parsed = deviceMessageSchemas[kind].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') || '(root)';
    return { ok: false, reason: 'invalid_payload', error: `${path}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, message: parsed.data as DeviceMessageOf<K> };
}
