import { describe, expect, it } from 'vitest';
import { availabilityOverPossible, countsForTenant, possibleTime, reportedTime } from './site-time.ts';

describe('down and offline time', () => {
  it('counts a tenant-less site_down and device_offline for every tenant; others by the tenant rule', () => {
    expect(countsForTenant({ name: 'site_down', tenant: '' }, 'robi')).toBe(true);
    expect(countsForTenant({ name: 'device_offline', tenant: '' }, 'grameenphone')).toBe(true);
    expect(countsForTenant({ name: 'site_down', tenant: 'banglalink' }, 'robi')).toBe(false);
    expect(countsForTenant({ name: 'site_down', tenant: 'robi' }, 'robi')).toBe(true);
    // A tenant-less mains failure is the first operator tenant's (tenant rule).
    expect(countsForTenant({ name: 'mains_fail', tenant: '' }, 'robi')).toBe(false);
    expect(countsForTenant({ name: 'mains_fail', tenant: '' }, 'banglalink')).toBe(true);
  });

  it('leaves gaps out of both the counted and the possible time', () => {
    expect(reportedTime(410, 60)).toBe(350);
    expect(possibleTime(1440, 60)).toBe(1380);
    expect(availabilityOverPossible(350, 1440, 60)).toBe(74.64);
    expect(availabilityOverPossible(0, 1440, 1440)).toBeNull();
  });
});
