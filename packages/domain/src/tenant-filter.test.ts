import { describe, expect, it } from 'vitest';
import {
  effectiveTenant,
  focusedTenantFor,
  isAlarmVisibleForTenants,
  isEventVisibleForTenants,
  keepHiddenTenants,
  narrowTenantKeys,
  restoreHiddenTenantKeys,
  showTenantDropdown,
  tenantChangeTakesEffect,
  visibleSiteTenants,
} from './tenant-filter.ts';

describe('tenant filtering (docs/requirements.md#tenant-rule)', () => {
  it('an item without a tenant counts as the first operator tenant', () => {
    expect(effectiveTenant({ tenant: null })).toBe('banglalink');
    expect(effectiveTenant({})).toBe('banglalink');
    expect(effectiveTenant({ tenant: 'robi' })).toBe('robi');
  });

  it('hides tenant-less Power-group alarms when banglalink is not allowed; other tenant-less alarms stay', () => {
    const alarms = [
      { id: 'site_down' },
      { id: 'device_online' },
      { id: 'dg_on' },
      { id: 'site_down', tenant: 'robi' },
      { id: 'door_status' },
    ];
    const visible = (allowed: string[]) => alarms.filter((a) => isAlarmVisibleForTenants(a, allowed));
    expect(visible(['robi'])).toEqual([{ id: 'site_down', tenant: 'robi' }, { id: 'door_status' }]);
    expect(visible(['banglalink'])).toEqual([
      { id: 'site_down' },
      { id: 'device_online' },
      { id: 'dg_on' },
      { id: 'door_status' },
    ]);
  });

  it('treats power events the same way; non-power events with a tenant need it allowed', () => {
    const events = [
      { name: 'mains_outage' },
      { name: 'rectifier_fail' },
      { name: 'door_open', tenant: 'grameenphone' },
      { name: 'battery_low', tenant: null },
    ];
    const visible = (allowed: string[]) => events.filter((e) => isEventVisibleForTenants(e, allowed));
    expect(visible(['robi'])).toEqual([{ name: 'rectifier_fail' }]);
    expect(visible(['banglalink'])).toEqual([
      { name: 'mains_outage' },
      { name: 'rectifier_fail' },
      { name: 'battery_low', tenant: null },
    ]);
  });

  it('shows only allowed tenants on sites', () => {
    expect(visibleSiteTenants(['robi', 'teletalk', 'banglalink'], ['banglalink', 'robi'])).toEqual([
      'robi',
      'banglalink',
    ]);
    expect(visibleSiteTenants(['robi'], [])).toEqual([]);
  });
});

describe('focused tenant and dropdown (docs/requirements.md#tenant-dropdown, docs/requirements.md#focused-tenant)', () => {
  it('uses the cookie tenant when allowed, else the first allowed site tenant', () => {
    expect(focusedTenantFor(['robi', 'banglalink'], ['banglalink', 'robi'], 'banglalink')).toBe('banglalink');
    expect(focusedTenantFor(['robi', 'banglalink'], ['banglalink', 'robi'], 'teletalk')).toBe('robi');
    expect(focusedTenantFor(['teletalk'], ['robi'], null)).toBeNull();
  });

  it('shows the dropdown only on tenant pages with more than one tenant', () => {
    expect(showTenantDropdown(true, ['robi', 'banglalink'])).toBe(true);
    expect(showTenantDropdown(true, ['robi'])).toBe(false);
    expect(showTenantDropdown(false, ['robi', 'banglalink'])).toBe(false);
  });

  it('a tenant change takes effect only when it differs', () => {
    expect(tenantChangeTakesEffect('robi', 'robi')).toBe(false);
    expect(tenantChangeTakesEffect('robi', 'banglalink')).toBe(true);
  });
});

describe('narrowTenantKeys', () => {
  const details = {
    has_dg: true,
    power: { nominal_load_a: { banglalink: 12, robi: 20 }, dg_tank_litres: 100 },
    list: [{ robi: 1, grameenphone: 2 }],
  };

  it('drops the keys of tenants not allowed, at any depth, and keeps the rest', () => {
    expect(narrowTenantKeys(details, ['robi'])).toEqual({
      has_dg: true,
      power: { nominal_load_a: { robi: 20 }, dg_tank_litres: 100 },
      list: [{ robi: 1 }],
    });
  });

  it('returns the same object when every tenant key is allowed', () => {
    expect(narrowTenantKeys(details, ['banglalink', 'robi', 'grameenphone'])).toBe(details);
  });
});

describe('restoreHiddenTenantKeys', () => {
  it("keeps the stored keys of tenants the writer may not see; the writer's own keys are theirs", () => {
    const stored = {
      power: { nominal_load_a: { banglalink: 12, robi: 20 } },
      banglalink: { x: 1 },
      note: 'a',
    };
    const sent = { power: { nominal_load_a: { robi: 25 } }, note: 'b' };
    expect(restoreHiddenTenantKeys(sent, stored, ['robi'])).toEqual({
      power: { nominal_load_a: { banglalink: 12, robi: 25 } },
      banglalink: { x: 1 },
      note: 'b',
    });
    expect(restoreHiddenTenantKeys({ power: { nominal_load_a: {} } }, stored, ['robi'])).toEqual({
      power: { nominal_load_a: { banglalink: 12 } },
      banglalink: { x: 1 },
    });
  });
});

describe('keepHiddenTenants', () => {
  it('keeps the stored tenants the writer may not see, in their order; the rest is what was sent', () => {
    expect(keepHiddenTenants(['robi'], ['banglalink', 'robi'], ['robi'])).toEqual(['banglalink', 'robi']);
    expect(keepHiddenTenants([], ['robi', 'grameenphone'], ['robi'])).toEqual(['grameenphone']);
    expect(keepHiddenTenants(['robi', 'teletalk'], ['grameenphone'], ['robi', 'teletalk'])).toEqual([
      'grameenphone',
      'robi',
      'teletalk',
    ]);
    expect(keepHiddenTenants(['robi'], ['banglalink', 'robi'], ['banglalink', 'robi'])).toEqual(['robi']);
  });
});
