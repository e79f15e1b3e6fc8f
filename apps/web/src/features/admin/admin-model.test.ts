import type { SiteLean } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { customerSiteRows, optionOf, parseDetails, valueOfConfig } from './admin-model.ts';

describe('admin model', () => {
  it('counts active alarms and devices of a customer site', () => {
    const site = {
      uid: 'S1',
      name: 'One',
      meta: { generic_site_id: 'G1' },
      tenants: ['robi'],
      status: 'online',
      devices: ['A', 'B'],
      place: { thana: 'Gulshan', district: 'Dhaka', division: null },
      alarms: [
        { id: 'mains_fail', isAvailable: true, isNormal: false, isDisable: false },
        { id: 'door_status', isAvailable: true, isNormal: false, isDisable: true },
        { id: 'site_down', isAvailable: true, isNormal: true, isDisable: false },
      ],
    } as unknown as SiteLean;
    expect(customerSiteRows([site])[0]).toMatchObject({
      devices: 2,
      activeAlarms: 1,
      place: 'Gulshan, Dhaka',
      tenants: 'Robi',
    });
  });
  it('maps door and lock to access_control with their priority', () => {
    expect(optionOf('access_control:lock')).toMatchObject({ type: 'access_control', priority: 'lock' });
    expect(valueOfConfig({ type: 'access_control', priority: 'door' })).toBe('access_control:door');
    expect(valueOfConfig({ type: 'dg_status', priority: null })).toBe('dg_status');
  });
  it('parses more details as a JSON object', () => {
    expect(parseDetails('')).toEqual({ ok: true, value: undefined });
    expect(parseDetails('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseDetails('[1]').ok).toBe(false);
    expect(parseDetails('{').ok).toBe(false);
  });
});
