/**
 * Device offline: the offline alarm rule and buckets by time since the last event (docs/requirements.md#offline-alarm, docs/requirements.md#offline-buckets).
 */
import type { SiteAlarm } from './alarms.ts';
import { minutesSince } from './alarms.ts';

/** Offline slabs in minutes: 24 h, 48 h, 72 h (docs/requirements.md#offline-buckets). */
export const OFFLINE_SLABS_MINUTES = [1440, 2880, 4320] as const;

/** Offline buckets, in order: under 1440, under 2880, under 4320, 4320 or more minutes. */
export const OFFLINE_BUCKETS = ['lt24h', 'lt48h', 'lt72h', 'gte72h'] as const;
/** An offline bucket. */
export type OfflineBucket = (typeof OFFLINE_BUCKETS)[number];

/** Bucket labels as shown on the Device Offline tile hover (docs/requirements.md#dashboard-tiles). */
export const OFFLINE_BUCKET_LABELS: Readonly<Record<OfflineBucket, string>> = {
  lt24h: '<24 Hours',
  lt48h: '<48 Hours',
  lt72h: '<72 Hours',
  gte72h: '>72 Hours',
};

/**
 * Minute bounds of each bucket: `min` inclusive, `max` exclusive (absent = open). They match the
 * alarm filter's minDuration/maxDuration semantics, so a bucket can be used as a site filter.
 */
const [DAY1, DAY2, DAY3] = OFFLINE_SLABS_MINUTES;
export const OFFLINE_BUCKET_BOUNDS: Readonly<Record<OfflineBucket, { min?: number; max?: number }>> = {
  lt24h: { max: DAY1 },
  lt48h: { min: DAY1, max: DAY2 },
  lt72h: { min: DAY2, max: DAY3 },
  gte72h: { min: DAY3 },
};

/**
 * Bucket for minutes since the last event (docs/requirements.md#offline-buckets). Decision: negative minutes (clock
 * skew) fall in the first bucket; NaN falls in the last.
 */
export function offlineBucket(minutes: number): OfflineBucket {
  if (Number.isNaN(minutes)) return 'gte72h';
  if (minutes < DAY1) return 'lt24h';
  if (minutes < DAY2) return 'lt48h';
  if (minutes < DAY3) return 'lt72h';
  return 'gte72h';
}

/** An alarm counts as offline when it is device_online, available and not normal (docs/requirements.md#offline-alarm). */
export function isOfflineAlarm(alarm: Pick<SiteAlarm, 'id' | 'isAvailable' | 'isNormal'>): boolean {
  return alarm.id === 'device_online' && alarm.isAvailable && !alarm.isNormal;
}

/**
 * Bucket of an offline alarm at `now`, or null when the alarm is not offline. Decision: an offline
 * alarm without a valid lastEvent goes in the last bucket (offline for an unknown, long time).
 */
export function offlineBucketOf(alarm: SiteAlarm, now: Date): OfflineBucket | null {
  if (!isOfflineAlarm(alarm)) return null;
  const minutes = minutesSince(alarm.lastEvent, now);
  return minutes === null ? 'gte72h' : offlineBucket(minutes);
}

/** Counts of offline devices per bucket. */
export type OfflineCounts = Record<OfflineBucket, number>;

/** Counts offline alarms per bucket at `now`; non-offline alarms are ignored. */
export function countOfflineBuckets(alarms: readonly SiteAlarm[], now: Date): OfflineCounts {
  const counts: OfflineCounts = { lt24h: 0, lt48h: 0, lt72h: 0, gte72h: 0 };
  for (const alarm of alarms) {
    const bucket = offlineBucketOf(alarm, now);
    if (bucket) counts[bucket] += 1;
  }
  return counts;
}
