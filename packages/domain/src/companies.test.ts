import { describe, expect, it } from 'vitest';
import {
  CLUSTERS,
  COMPANY_CODES,
  companyLabel,
  hasFixedTenantSet,
  isCompanyCode,
  PROVIDER_ROOT_USER_UID,
  renameEventLabelForCompany,
  SPECIAL_ROOT_COMPANY_TENANTS,
  SPECIAL_ROOT_COMPANY_USER_UID,
  ZONES,
} from './companies.ts';

describe('companies (docs/requirements.md#companies)', () => {
  it('lists the seven company codes', () => {
    expect(COMPANY_CODES).toEqual(['ktbl', 'ftb', 'stl', 'rnd', 'demo', 'scl', 'edc']);
    expect(isCompanyCode('edc')).toBe(true);
    expect(isCompanyCode('EDC')).toBe(false);
  });

  it('maps codes to the short labels of docs/requirements.md#companies', () => {
    expect(companyLabel('edc')).toBe('EDOTCO');
    expect(companyLabel('scl')).toBe('Summit Com');
    expect(companyLabel('rnd')).toBe('HSL R&D');
    expect(companyLabel('demo')).toBe('HSL Demo');
    expect(companyLabel('ktbl')).toBe('KTBL');
    expect(companyLabel('xyz')).toBe('XYZ');
  });

  it('renames AC Line Fail for ftb and stl, and DC Low Voltage only for stl', () => {
    expect(renameEventLabelForCompany('AC Line Fail', 'ftb')).toBe('Grid Fail');
    expect(renameEventLabelForCompany('DC Low Voltage', 'ftb')).toBe('DC Low Voltage');
    expect(renameEventLabelForCompany('AC Line Fail', 'stl')).toBe('Grid Fail');
    expect(renameEventLabelForCompany('DC Low Voltage', 'stl')).toBe('Battery Low');
    expect(renameEventLabelForCompany('AC Line Fail', 'ktbl')).toBe('AC Line Fail');
    expect(renameEventLabelForCompany('AC Line Fail', undefined)).toBe('AC Line Fail');
  });
});

describe('special root users and clusters (docs/requirements.md#special-root, docs/requirements.md#clusters)', () => {
  it('has two special root user uids, one of them 30', () => {
    expect(SPECIAL_ROOT_COMPANY_USER_UID).toBe('30');
  });

  it('only the special root company has a fixed tenant set and the cluster list', () => {
    expect(hasFixedTenantSet('30')).toBe(true);
    expect(hasFixedTenantSet(PROVIDER_ROOT_USER_UID)).toBe(false);
    expect(SPECIAL_ROOT_COMPANY_TENANTS).toContain('teletalk');
  });

  it('lists 26 clusters and zones RIO1–RIO4', () => {
    expect(CLUSTERS).toHaveLength(26);
    expect(CLUSTERS[0]).toBe('Banani');
    expect(CLUSTERS.at(-1)).toBe('Comilla');
    expect(ZONES).toEqual(['RIO1', 'RIO2', 'RIO3', 'RIO4']);
  });
});
