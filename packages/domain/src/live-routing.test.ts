import { describe, expect, it } from 'vitest';
import { isLiveSiteEventVisible, moduleForEvent, routeLiveEvent } from './live-routing.ts';
import type { DomainUser } from './users.ts';

describe('live event routing (docs/requirements.md#live-routing)', () => {
  it('maps event names to modules', () => {
    expect(moduleForEvent('mains_outage')).toBe('mains');
    expect(moduleForEvent('rectifier_fail')).toBe('mains');
    expect(moduleForEvent('high_temperature')).toBe('temperature');
    expect(moduleForEvent('dc_fail')).toBe('battery');
    expect(moduleForEvent('card_reader_fault')).toBe('access');
    expect(moduleForEvent('mild_vibration')).toBe('access');
    expect(moduleForEvent('pg_power')).toBe('generator');
    expect(moduleForEvent('smoke_detection')).toBeNull();
  });

  const open = { siteUid: 'S1', focusedTenant: 'robi' };
  it('ignores events of other sites', () => {
    expect(routeLiveEvent({ name: 'door_open', siteUid: 'S2' }, open)).toBeNull();
    expect(routeLiveEvent({ name: 'door_open', siteUid: 'S1' }, open)).toBe('access');
  });

  it('applies power events only for the focused tenant', () => {
    expect(routeLiveEvent({ name: 'mains_outage', siteUid: 'S1', tenant: 'robi' }, open)).toBe('mains');
    expect(routeLiveEvent({ name: 'mains_outage', siteUid: 'S1', tenant: 'banglalink' }, open)).toBeNull();
    expect(routeLiveEvent({ name: 'dc_low_voltage', siteUid: 'S1' }, open)).toBeNull();
    expect(
      routeLiveEvent({ name: 'dc_low_voltage', siteUid: 'S1' }, { ...open, focusedTenant: 'banglalink' }),
    ).toBe('battery');
  });

  it('non-power events ignore the focused tenant', () => {
    expect(routeLiveEvent({ name: 'dg_power', siteUid: 'S1', tenant: 'banglalink' }, open)).toBe('generator');
  });
});

describe('live site event visibility (docs/requirements.md#live-visibility)', () => {
  const user = (over: Partial<DomainUser> = {}): DomainUser => ({ uid: 'u', type: 'company', ...over });
  const sites = ['S1'];
  it("requires the site to be among the user's sites", () => {
    expect(isLiveSiteEventVisible(user(), { name: 'door_open', siteUid: 'S9' }, sites)).toBe(false);
    expect(isLiveSiteEventVisible(user(), { name: 'door_open', siteUid: 'S1' }, new Set(sites))).toBe(true);
  });

  it('requires the tenant to be allowed', () => {
    const u = user({ tenants: ['robi'] });
    expect(isLiveSiteEventVisible(u, { name: 'site_down', siteUid: 'S1', tenant: 'teletalk' }, sites)).toBe(
      false,
    );
    expect(isLiveSiteEventVisible(u, { name: 'site_down', siteUid: 'S1', tenant: 'robi' }, sites)).toBe(true);
  });

  it('a tenant read-only user sees only the reduced kinds', () => {
    const ro = user({ type: 'read_only', tenants: ['robi'] });
    expect(isLiveSiteEventVisible(ro, { name: 'site_down', siteUid: 'S1', tenant: 'robi' }, sites)).toBe(
      true,
    );
    expect(isLiveSiteEventVisible(ro, { name: 'dg_power', siteUid: 'S1', tenant: 'robi' }, sites)).toBe(
      false,
    );
  });
});
