import { describe, expect, it } from 'vitest';
import {
  ALL_TENANTS,
  FIRST_OPERATOR_TENANT,
  INSTALLED_TENANTS,
  isAnyTenant,
  RECTIFIER_TENANTS,
  TENANTS,
  tenantLabel,
} from './tenants.ts';

describe('tenants (docs/requirements.md#tenants)', () => {
  it('lists the four mobile operators', () => {
    expect(TENANTS).toEqual(['banglalink', 'robi', 'grameenphone', 'teletalk']);
  });

  it('installed tenants exclude teletalk', () => {
    expect(INSTALLED_TENANTS).toEqual(['banglalink', 'robi', 'grameenphone']);
  });

  it('knows the two rectifier-based tenants, which are not operators', () => {
    expect(RECTIFIER_TENANTS).toEqual(['scom_rect_1', 'scom_rect_2']);
    expect(isAnyTenant('scom_rect_1')).toBe(true);
    expect(ALL_TENANTS).toHaveLength(6);
  });

  it('rejects unknown and non-string values', () => {
    expect(isAnyTenant(42)).toBe(false);
  });

  it('the first operator tenant is banglalink (docs/requirements.md#tenant-rule decision)', () => {
    expect(FIRST_OPERATOR_TENANT).toBe('banglalink');
  });

  it('labels tenants and passes unknown codes through', () => {
    expect(tenantLabel('grameenphone')).toBe('Grameenphone');
    expect(tenantLabel('scom_rect_1')).toBe('SCOM Rect 1');
    expect(tenantLabel('airtel')).toBe('airtel');
  });
});
