/**
 * Device monitoring of the operators (docs/requirements.md#device-monitoring,
 * docs/requirements.md#service-string): GET /user/pulse/list (liveness and message rate) and
 * GET /user/health/list (everything the device health and service string screens show).
 */
import { DEVICE_LIST_MAX } from '@towerwatch/domain';
import { z } from 'zod';
import { queryInt, safeText } from './input.ts';
import { isoTime, pageParam, queryFlag } from './site-common.ts';

/** Why the server refused a device's messages (docs/device-protocol.md §10). */
export const DEVICE_REJECT_REASONS = [
  'too_large',
  'invalid_json',
  'invalid_payload',
  'unknown_device',
  'forbidden_topic',
  'rate_limited',
  'duplicate',
] as const;
export type DeviceRejectReason = (typeof DEVICE_REJECT_REASONS)[number];

const listBase = {
  /** Only devices of this company's sites. */
  company_id: safeText().trim().min(1).max(64).optional(),
  page: pageParam,
  limit: queryInt(1, DEVICE_LIST_MAX).default(DEVICE_LIST_MAX),
};

export const pulseListQuery = z.object(listBase);
export type PulseListQuery = z.infer<typeof pulseListQuery>;

export const devicePulse = z.object({
  comId: z.string(),
  siteUid: z.string().nullable(),
  siteName: z.string().nullable(),
  companyId: z.string().nullable(),
  online: z.boolean(),
  lastSeen: isoTime.nullable(),
  /** Messages accepted from the device in the last hour. */
  messagesLastHour: z.number().int(),
});
export type DevicePulse = z.infer<typeof devicePulse>;

export const pulseListReply = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  items: z.array(devicePulse),
});
export type PulseListReply = z.infer<typeof pulseListReply>;

export const healthListQuery = z.object({
  ...listBase,
  /** Case-insensitive search in com id, site uid and name, firmware, model and service string. */
  q: safeText().trim().max(100).optional(),
  /** Only flapping devices. */
  flapping: queryFlag.optional(),
});
export type HealthListQuery = z.infer<typeof healthListQuery>;

export const deviceHealthItem = devicePulse.extend({
  /** `online`, or the offline bucket of the time since last seen (docs/requirements.md#offline-buckets). */
  bucket: z.enum(['online', 'lt24h', 'lt48h', 'lt72h', 'gte72h']),
  /** Offline transitions in the last 24 hours. */
  offlineTransitions24h: z.number().int(),
  flapping: z.boolean(),
  firmware: z.string().nullable(),
  model: z.string().nullable(),
  /** The service string (docs/requirements.md#service-string), '' when the device reported nothing. */
  service: z.string(),
  serviceAt: isoTime.nullable(),
  /** Refused messages by reason since the counts began. */
  rejected: z.partialRecord(z.enum(DEVICE_REJECT_REASONS), z.number().int()),
  rejectedTotal: z.number().int(),
  lastRejectedAt: isoTime.nullable(),
});
export type DeviceHealthItem = z.infer<typeof deviceHealthItem>;

export const healthListReply = z.object({
  total: z.number().int(),
  counts: z.object({
    online: z.number().int(),
    offline: z.number().int(),
    flapping: z.number().int(),
    withRejections: z.number().int(),
  }),
  page: z.number().int(),
  limit: z.number().int(),
  items: z.array(deviceHealthItem),
});
export type HealthListReply = z.infer<typeof healthListReply>;
