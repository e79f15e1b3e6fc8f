import { describe, expect, it } from 'vitest';
import {
  ACCESS_FIRST_CURSOR,
  ACCESS_PAGE_SIZE,
  type AccessListEntry,
  accessDecision,
  accessListChunks,
  accessSyncState,
  isWithinTimeWindows,
  openHoursBucketStarts,
  openSecondsPerBucket,
} from './access.ts';

const entry = (over: Partial<AccessListEntry> = {}): AccessListEntry => ({
  card_number: 'C1',
  valid_from: null,
  valid_until: null,
  blocked: false,
  time_windows: [],
  ...over,
});
// 2026-11-24 is a Tuesday; 10:00 in Dhaka is 04:00 UTC.
const tuesday10 = new Date('2026-11-24T04:00:00Z');

describe('access decision (docs/requirements.md#access-deny-reasons)', () => {
  it('grants a listed valid card and names the reason otherwise', () => {
    expect(accessDecision([entry()], 'C1', tuesday10)).toEqual({ granted: true });
    expect(accessDecision([entry()], 'C2', tuesday10)).toEqual({ granted: false, reason: 'unknown_card' });
    expect(accessDecision([entry({ blocked: true })], 'C1', tuesday10)).toMatchObject({ reason: 'blocked' });
    expect(accessDecision([entry({ valid_until: '2026-11-24T03:59:59Z' })], 'C1', tuesday10)).toMatchObject({
      reason: 'expired',
    });
    expect(accessDecision([entry({ valid_from: '2026-11-25T00:00:00Z' })], 'C1', tuesday10)).toMatchObject({
      reason: 'not_yet_valid',
    });
    const weekend = entry({ time_windows: [{ days: [5, 6], from: '08:00', until: '18:00' }] });
    expect(accessDecision(new Map([['C1', weekend]]), 'C1', tuesday10)).toMatchObject({
      reason: 'outside_time_window',
    });
  });
});

describe('weekly time windows in Asia/Dhaka (docs/requirements.md#time-windows)', () => {
  const sunToThu = [{ days: [0, 1, 2, 3, 4], from: '08:00', until: '18:00' }];
  it('uses Dhaka local day and time', () => {
    expect(isWithinTimeWindows(sunToThu, tuesday10)).toBe(true);
    expect(isWithinTimeWindows(sunToThu, new Date('2026-11-24T12:00:00Z'))).toBe(false); // 18:00 Dhaka
    expect(isWithinTimeWindows(sunToThu, new Date('2026-11-24T01:59:00Z'))).toBe(false); // 07:59 Dhaka
    expect(isWithinTimeWindows(sunToThu, new Date('2026-11-27T04:00:00Z'))).toBe(false); // Friday
    expect(isWithinTimeWindows([], tuesday10)).toBe(true);
  });
  it('runs a window past midnight into the next day', () => {
    const night = [{ days: [2], from: '22:00', until: '06:00' }];
    expect(isWithinTimeWindows(night, new Date('2026-11-24T17:00:00Z'))).toBe(true); // Tue 23:00
    expect(isWithinTimeWindows(night, new Date('2026-11-24T22:00:00Z'))).toBe(true); // Wed 04:00
    expect(isWithinTimeWindows(night, new Date('2026-11-25T01:00:00Z'))).toBe(false); // Wed 07:00
  });
});

describe('sync state and chunks (docs/requirements.md#access-sync)', () => {
  it('is applied only when every chunk is acked, failed when one failed', () => {
    expect(accessSyncState(['acked', 'acked'])).toBe('applied');
    expect(accessSyncState(['acked', 'sent'])).toBe('pending');
    expect(accessSyncState(['acked', 'failed'])).toBe('failed');
  });
  it('chunks a list, and sends an empty list as one empty chunk', () => {
    expect(accessListChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(accessListChunks([])).toEqual([[]]);
  });
  it('pages like events', () => {
    expect(ACCESS_PAGE_SIZE).toBe(100);
    expect(ACCESS_FIRST_CURSOR).toBe(2147483647);
  });
});

describe('open-hours buckets (docs/requirements.md#open-hours)', () => {
  it('cuts days at Dhaka midnight and sums open seconds per bucket', () => {
    const from = Date.parse('2026-11-23T18:00:00Z'); // Tue 00:00 Dhaka
    const until = Date.parse('2026-11-25T18:00:00Z'); // Thu 00:00 Dhaka
    const starts = openHoursBucketStarts(from, until, 'day');
    expect(starts).toEqual([from, from + 86_400_000]);
    const open = [{ start: from + 86_400_000 - 1800_000, end: from + 86_400_000 + 3600_000 }];
    expect(openSecondsPerBucket(open, starts, until)).toEqual([1800, 3600]);
  });
  it('starts weeks on Sunday and months on the 1st, in Dhaka', () => {
    const from = Date.parse('2026-11-24T04:00:00Z');
    expect(new Date(openHoursBucketStarts(from, from + 1, 'week')[0] ?? 0).toISOString()).toBe(
      '2026-11-21T18:00:00.000Z',
    );
    expect(new Date(openHoursBucketStarts(from, from + 1, 'month')[0] ?? 0).toISOString()).toBe(
      '2026-10-31T18:00:00.000Z',
    );
  });
});
