import { describe, expect, it } from 'vitest';
import { healthCategoryLabel, healthCategoryRows, offlineFor, onlineShare } from './health-model.ts';

const counts = { total: 8, online: 5, offline: 3, lt24h: 1, lt48h: 1, lt72h: 0, gte72h: 1 };

describe('device health model', () => {
  it('labels categories with the offline buckets', () => {
    expect(healthCategoryLabel('online')).toBe('Online');
    expect(healthCategoryLabel('lt24h')).toBe('Offline <24 Hours');
    expect(healthCategoryLabel('gte72h')).toBe('Offline >72 Hours');
  });

  it('gives each category its count and share, in order', () => {
    const rows = healthCategoryRows(counts);
    expect(rows.map((r) => r.category)).toEqual(['online', 'lt24h', 'lt48h', 'lt72h', 'gte72h']);
    expect(rows.map((r) => r.count)).toEqual([5, 1, 1, 0, 1]);
    expect(rows[0]?.share).toBe(62.5);
    expect(rows[1]?.share).toBe(12.5);
  });

  it('shows 0 % and no online share without devices', () => {
    const none = { total: 0, online: 0, offline: 0, lt24h: 0, lt48h: 0, lt72h: 0, gte72h: 0 };
    expect(healthCategoryRows(none).every((r) => r.share === 0)).toBe(true);
    expect(onlineShare(none)).toBeNull();
    expect(onlineShare(counts)).toBe(62.5);
  });

  it('says how long a device has been offline', () => {
    expect(offlineFor(0)).toBe('—');
    expect(offlineFor(40)).toBe('40 m');
    expect(offlineFor(312)).toBe('5 h 12 m');
    expect(offlineFor(4560)).toBe('3 d 4 h');
  });
});
