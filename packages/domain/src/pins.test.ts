import { describe, expect, it } from 'vitest';
import {
  ANALOG_PIN_SERVICES,
  appliesToSite,
  initialPinStatus,
  isAnalogPinService,
  isPinService,
  PIN_SERVICE_OPTIONS,
  pinConfigTenantError,
  pinServiceRequiresTenant,
  siteDevicesOf,
  TENANT_REQUIRED_PIN_SERVICES,
} from './pins.ts';

describe('pin services (platform-core §5, §9)', () => {
  it('nine services require a tenant', () => {
    expect(TENANT_REQUIRED_PIN_SERVICES).toHaveLength(9);
    expect(pinServiceRequiresTenant('pg_status')).toBe(true);
    expect(pinServiceRequiresTenant('temperature')).toBe(false);
  });

  it('names the missing tenant field without a message', () => {
    expect(pinConfigTenantError('battery_terminal', null)).toBe('tenant');
    expect(pinConfigTenantError('battery_terminal', '')).toBe('tenant');
    expect(pinConfigTenantError('battery_terminal', 'robi')).toBeNull();
    expect(pinConfigTenantError('smoke_detector', null)).toBeNull();
  });

  it('ten services are analog', () => {
    expect(ANALOG_PIN_SERVICES).toHaveLength(10);
    expect(isAnalogPinService('motion_sensor')).toBe(true);
    expect(isAnalogPinService('dg_status')).toBe(false);
  });

  it('offers 25 options, door and lock as access_control with priorities', () => {
    expect(PIN_SERVICE_OPTIONS).toHaveLength(25);
    expect(PIN_SERVICE_OPTIONS.filter((o) => o.value === 'access_control').map((o) => o.label)).toEqual([
      'Door',
      'Lock',
    ]);
    expect(PIN_SERVICE_OPTIONS.every((o) => isPinService(o.value))).toBe(true);
  });
});

describe('pin status (platform-core §4)', () => {
  it('starts access at 1, DG/PG at 0, battery voltage at -1, current at 0', () => {
    expect(initialPinStatus('access_control')).toBe(1);
    expect(initialPinStatus('dg_status')).toBe(0);
    expect(initialPinStatus('pg_status')).toBe(0);
    expect(initialPinStatus('battery_terminal')).toBe(-1);
    expect(initialPinStatus('battery_current_critical')).toBe(0);
    expect(initialPinStatus('temperature')).toBeNull();
  });

  it('applies live updates only for devices of the current site', () => {
    const devices = siteDevicesOf([{ com_id: 'A1' }, { com_id: 'B2' }, { com_id: 'A1' }]);
    expect(devices).toEqual(['A1', 'B2']);
    expect(appliesToSite('B2', devices)).toBe(true);
    expect(appliesToSite('C3', devices)).toBe(false);
    expect(appliesToSite('A1', [])).toBe(false);
  });
});
