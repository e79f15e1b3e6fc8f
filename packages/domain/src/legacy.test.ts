import { describe, expect, it } from 'vitest';
import { LEGACY_TABS, legacyShowsTenantSelector, legacyTabForPath, legacyTenantOptions } from './legacy.ts';

describe('legacy dashboard (docs/requirements.md#legacy-dashboard)', () => {
  it('has six tabs with the spec columns and export kinds', () => {
    expect(LEGACY_TABS.map((t) => t.label)).toEqual([
      'All RMS Station',
      'Alarm',
      'DC Energy Meter',
      'Climate',
      'Rectifier',
      'Battery',
    ]);
    expect(legacyTabForPath('/dashboard/legacy/dc-energy-meter')?.exportKind).toBe('energy');
    expect(legacyTabForPath('/dashboard/legacy/battery')?.exportKind).toBeNull();
    expect(legacyTabForPath('/dashboard/legacy/')?.id).toBe('all-rms-station');
    expect(legacyTabForPath('/dashboard/business')).toBeNull();
  });

  it('hides the tenant selector on Climate and offers All Tenant first', () => {
    expect(legacyShowsTenantSelector('climate')).toBe(false);
    expect(legacyShowsTenantSelector('alarm')).toBe(true);
    expect(legacyTenantOptions(['robi'])).toEqual([
      { value: null, label: 'All Tenant' },
      { value: 'robi', label: 'Robi' },
    ]);
  });
});
