import { describe, expect, it } from 'vitest';
import type { SiteAlarm } from './alarms.ts';
import {
  countOfflineBuckets,
  isOfflineAlarm,
  OFFLINE_SLABS_MINUTES,
  offlineBucket,
  offlineBucketOf,
} from './offline.ts';

const now = new Date('2025-03-10T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
const offline = (lastEvent: SiteAlarm['lastEvent']): SiteAlarm => ({
  id: 'device_online',
  isAvailable: true,
  isNormal: false,
  isDisable: false,
  lastEvent,
});

describe('offline bucket (docs/requirements.md#offline-buckets)', () => {
  it('uses the 1440/2880/4320 slabs', () => {
    expect(OFFLINE_SLABS_MINUTES).toEqual([1440, 2880, 4320]);
  });

  it('puts boundaries in the upper bucket', () => {
    expect(offlineBucket(0)).toBe('lt24h');
    expect(offlineBucket(1439)).toBe('lt24h');
    expect(offlineBucket(1439.99)).toBe('lt24h');
    expect(offlineBucket(1440)).toBe('lt48h');
    expect(offlineBucket(2879)).toBe('lt48h');
    expect(offlineBucket(2880)).toBe('lt72h');
    expect(offlineBucket(4319)).toBe('lt72h');
    expect(offlineBucket(4320)).toBe('gte72h');
  });

  it('handles clock skew and NaN', () => {
    expect(offlineBucket(-5)).toBe('lt24h');
    expect(offlineBucket(Number.NaN)).toBe('gte72h');
  });
});

describe('offline alarm rule (docs/requirements.md#offline-alarm)', () => {
  it('is device_online, available and not normal', () => {
    expect(isOfflineAlarm(offline(null))).toBe(true);
    expect(isOfflineAlarm({ ...offline(null), isNormal: true })).toBe(false);
    expect(isOfflineAlarm({ ...offline(null), isAvailable: false })).toBe(false);
    expect(isOfflineAlarm({ ...offline(null), id: 'site_down' })).toBe(false);
  });

  it('buckets an offline alarm by its lastEvent at the injected now', () => {
    expect(offlineBucketOf(offline(minutesAgo(1439)), now)).toBe('lt24h');
    expect(offlineBucketOf(offline(minutesAgo(1440)), now)).toBe('lt48h');
    expect(offlineBucketOf(offline(undefined), now)).toBe('gte72h');
    expect(offlineBucketOf({ ...offline(minutesAgo(10)), isNormal: true }, now)).toBeNull();
  });

  it('counts offline devices per bucket', () => {
    const alarms = [
      offline(minutesAgo(10)),
      offline(minutesAgo(3000)),
      offline(minutesAgo(5000)),
      offline(minutesAgo(4320)),
      { ...offline(minutesAgo(10)), isNormal: true },
    ];
    expect(countOfflineBuckets(alarms, now)).toEqual({ lt24h: 1, lt48h: 0, lt72h: 1, gte72h: 2 });
  });
});
