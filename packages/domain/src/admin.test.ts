import { describe, expect, it } from 'vitest';
import {
  defaultVendorTokenName,
  formatVendorToken,
  isAnalogPinService,
  PIN_SERVICE_OPTIONS,
  parseVendorToken,
  pinConfigProblem,
  vendorServesCompany,
} from './admin.ts';
import { PIN_SERVICES } from './pins.ts';

describe('pin service options', () => {
  it('lists 25 options in the spec order, door and lock as access_control', () => {
    expect(PIN_SERVICE_OPTIONS).toHaveLength(25);
    expect(PIN_SERVICE_OPTIONS[0]?.label).toBe('Main Phase A');
    expect(PIN_SERVICE_OPTIONS.filter((o) => o.type === 'access_control').map((o) => o.priority)).toEqual([
      'door',
      'lock',
    ]);
    for (const o of PIN_SERVICE_OPTIONS) expect(PIN_SERVICES).toContain(o.type);
  });
  it('knows the analog services', () => {
    expect(isAnalogPinService('temperature')).toBe(true);
    expect(isAnalogPinService('dg_status')).toBe(false);
  });
});

describe('pinConfigProblem', () => {
  const tenants = ['robi', 'banglalink'];
  it('requires a tenant on the tenant-required services, naming the field', () => {
    expect(pinConfigProblem({ type: 'dg_status', priority: null, tenant: null }, tenants)?.field).toBe(
      'tenant',
    );
    expect(pinConfigProblem({ type: 'dg_status', priority: null, tenant: 'robi' }, tenants)).toBeNull();
    expect(pinConfigProblem({ type: 'temperature', priority: null, tenant: null }, tenants)).toBeNull();
  });
  it("refuses a tenant that is not the site's", () => {
    expect(pinConfigProblem({ type: 'pg_status', priority: null, tenant: 'teletalk' }, tenants)).toEqual({
      field: 'tenant',
      message: 'tenant teletalk is not a tenant of the site',
    });
  });
  it('needs door or lock on access_control', () => {
    expect(
      pinConfigProblem({ type: 'access_control', priority: 'primary', tenant: null }, tenants)?.field,
    ).toBe('priority');
    expect(pinConfigProblem({ type: 'access_control', priority: 'lock', tenant: null }, tenants)).toBeNull();
  });
});

describe('vendor tokens', () => {
  it('round-trips and refuses malformed tokens', () => {
    const secret = 'a'.repeat(43);
    const token = formatVendorToken('0123456789ab', secret);
    expect(parseVendorToken(token)).toEqual({ id: '0123456789ab', secret });
    expect(parseVendorToken(`${token}x`)).toBeNull();
    expect(parseVendorToken('Bearer x')).toBeNull();
  });

  it('names a token without a name by the Dhaka date and time it was made', () => {
    // 20:30 UTC on 27 Nov is 02:30 on 28 Nov in Dhaka (UTC+6).
    expect(defaultVendorTokenName(new Date('2026-11-27T20:30:00Z'))).toBe('Token 2026-11-28 02:30');
    expect(defaultVendorTokenName(new Date('2026-11-28T04:05:59Z'))).toBe('Token 2026-11-28 10:05');
  });
});

describe('customerHealth', () => {
  it('grades a customer by down sites and offline devices', async () => {
    const { customerHealth } = await import('./admin.ts');
    expect(customerHealth({ sites: 0, sites_down: 0, devices: 0, devices_online: 0 })).toBe('empty');
    expect(customerHealth({ sites: 10, sites_down: 1, devices: 10, devices_online: 9 })).toBe('critical');
    expect(customerHealth({ sites: 20, sites_down: 1, devices: 20, devices_online: 20 })).toBe('warning');
    expect(customerHealth({ sites: 20, sites_down: 0, devices: 20, devices_online: 19 })).toBe('warning');
    expect(customerHealth({ sites: 20, sites_down: 0, devices: 20, devices_online: 20 })).toBe('ok');
  });
});

describe('vendorServesCompany (docs/requirements.md#device-vendors)', () => {
  it('a company vendor serves its company only; a vendor of no company serves everyone', () => {
    expect(vendorServesCompany('ftb', 'ftb')).toBe(true);
    expect(vendorServesCompany('ftb', 'ktbl')).toBe(false);
    expect(vendorServesCompany(null, 'ktbl')).toBe(true);
    expect(vendorServesCompany('ftb', null)).toBe(true);
  });
});
