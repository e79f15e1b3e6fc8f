import type { DashboardCountReply } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { tileBreakdown, tileCount, tileFilter } from './tile-counts.ts';

const dashboard = {
  siteCount: { total: 10, rms: 9, rectifier: 4, acs: 6, sarbs: 1, vertiv: 2, eltek: 1 },
  alarmCount: {
    byAlarm: {},
    paused: 2,
    deviceOffline: { lt24h: 1, lt48h: 0, lt72h: 2, gte72h: 3, total: 6 },
  },
  dcLoadCount: { no_load: 1, normal_load: 8, over_load: 1, loadCount: {} },
} satisfies DashboardCountReply;

describe('tile counts and filters', () => {
  it('shows "_" until the counts arrive', () => {
    expect(tileCount('total_sites', undefined, undefined)).toBe('_');
    expect(tileCount('device_offline', undefined, dashboard)).toBe(6);
    expect(tileCount('paused_alarms', undefined, dashboard)).toBe(2);
  });

  it('gives each offline bucket its duration filter', () => {
    const lines = tileBreakdown(
      'device_offline',
      ['<24 Hours', '<48 Hours', '<72 Hours', '>72 Hours'],
      dashboard,
      null,
    );
    expect(lines.map((l) => l.count)).toEqual([1, 0, 2, 3]);
    expect(lines[1]?.filter).toEqual({
      type: 'alarm',
      id: 'device_online',
      expected: false,
      minDuration: 1440,
      maxDuration: 2880,
    });
    expect(lines[3]?.filter).toEqual({
      type: 'alarm',
      id: 'device_online',
      expected: false,
      minDuration: 4320,
    });
  });

  it('adds the tenant on tenant dashboards and has no filter for Paused Alarms', () => {
    expect(tileFilter('door_open', 'robi')).toEqual({
      type: 'alarm',
      id: 'door_status',
      expected: false,
      tenant: 'robi',
    });
    expect(tileFilter('paused_alarms', null)).toBeNull();
  });
});
