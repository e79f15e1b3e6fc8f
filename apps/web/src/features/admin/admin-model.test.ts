import type { AuthUser, SiteLean } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import {
  customerSiteRows,
  mayDisableOrDelete,
  optionOf,
  parseDetails,
  valueOfConfig,
} from './admin-model.ts';

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

describe('user list actions (docs/requirements.md#user-management)', () => {
  const user = (uid: string, over: Partial<AuthUser> = {}): AuthUser => ({
    uid,
    username: uid,
    name: uid,
    email: null,
    phone: null,
    type: 'company',
    tenants: [],
    root_user_uid: '100',
    company_id: 'ktbl',
    company_code: 'ktbl',
    logo: null,
    meta: { accessRoles: ['rms', 'manage_users'] },
    scope: [],
    two_factor_enabled: false,
    disabled: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });
  const root = user('100', { root_user_uid: null });

  it('offers Disable and Delete on lower users only, never on oneself or a higher type', () => {
    expect(mayDisableOrDelete(root, user('103', { type: 'employee', meta: { accessRoles: ['rms'] } }))).toBe(
      true,
    );
    expect(mayDisableOrDelete(root, root)).toBe(false);
    expect(mayDisableOrDelete(root, user('101', { type: 'superuser' }))).toBe(false);
    expect(mayDisableOrDelete(user('1', { type: 'sudo', root_user_uid: null }), root)).toBe(true);
  });
});
