import { describe, expect, it } from 'vitest';
import { initialPinStatus, pinServiceRequiresTenant, TENANT_REQUIRED_PIN_SERVICES } from './pins.ts';

describe('pin services (docs/requirements.md#pin-tenant-required, docs/requirements.md#pin-service-options)', () => {
  it('nine services require a tenant', () => {
    expect(TENANT_REQUIRED_PIN_SERVICES).toHaveLength(9);
    expect(pinServiceRequiresTenant('pg_status')).toBe(true);
    expect(pinServiceRequiresTenant('temperature')).toBe(false);
  });
});

describe('pin status (docs/requirements.md#pin-status)', () => {
  it('starts access at 1, DG/PG at 0, battery voltage at -1, current at 0', () => {
    expect(initialPinStatus('access_control')).toBe(1);
    expect(initialPinStatus('dg_status')).toBe(0);
    expect(initialPinStatus('pg_status')).toBe(0);
    expect(initialPinStatus('battery_terminal')).toBe(-1);
    expect(initialPinStatus('battery_current_critical')).toBe(0);
    expect(initialPinStatus('temperature')).toBeNull();
  });
});
