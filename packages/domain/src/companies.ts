/**
 * Companies (tower companies and the provider's own company codes) and their event renames
 * (docs/requirements.md#company-renames, docs/requirements.md#companies).
 */
import type { Tenant } from './tenants.ts';
import { TENANTS } from './tenants.ts';

/** Company codes (docs/requirements.md#companies). */
export const COMPANY_CODES = ['ktbl', 'ftb', 'stl', 'rnd', 'demo', 'scl', 'edc'] as const;
/** A company code. */
export type CompanyCode = (typeof COMPANY_CODES)[number];

/**
 * Short labels shown with the company logo (docs/requirements.md#companies). Decision for codes the spec does
 * not pair explicitly: edc → EDOTCO, scl → Summit Com, rnd → HSL R&D, demo → HSL Demo.
 */
export const COMPANY_LABELS: Readonly<Record<CompanyCode, string>> = {
  ktbl: 'KTBL',
  ftb: 'FTB',
  stl: 'STL',
  rnd: 'HSL R&D',
  demo: 'HSL Demo',
  scl: 'Summit Com',
  edc: 'EDOTCO',
};

/** True when `value` is a known company code. */
export function isCompanyCode(value: unknown): value is CompanyCode {
  return typeof value === 'string' && (COMPANY_CODES as readonly string[]).includes(value);
}

/** Short label of a company; an unknown code is returned upper-cased. */
export function companyLabel(code: string): string {
  return isCompanyCode(code) ? COMPANY_LABELS[code] : code.toUpperCase();
}

/**
 * Event label renames per company (docs/requirements.md#company-renames): keyed by the standard display label.
 * ftb: AC Line Fail → Grid Fail; stl: AC Line Fail → Grid Fail and DC Low Voltage → Battery Low.
 */
export const COMPANY_EVENT_RENAMES: Readonly<Partial<Record<CompanyCode, Readonly<Record<string, string>>>>> =
  {
    ftb: { 'AC Line Fail': 'Grid Fail' },
    stl: { 'AC Line Fail': 'Grid Fail', 'DC Low Voltage': 'Battery Low' },
  };

/** Applies the company's rename to a standard event label; other labels/companies are unchanged. */
export function renameEventLabelForCompany(label: string, companyCode?: string | null): string {
  if (!companyCode || !isCompanyCode(companyCode)) return label;
  return COMPANY_EVENT_RENAMES[companyCode]?.[label] ?? label;
}

/**
 * Root user uid of the special root company (docs/requirements.md#special-root): its users' allowed tenants are
 * the fixed set {@link SPECIAL_ROOT_COMPANY_TENANTS} and it uses the cluster list (docs/requirements.md#clusters).
 */
export const SPECIAL_ROOT_COMPANY_USER_UID = '30';

/**
 * The second special root user uid (docs/requirements.md#special-root writes it as "{code}"). Decision: `'1'`, the
 * provider's own root account. The spec does not show any effect for it beyond being special, so
 * no rule in this package treats it differently; it is exported so seeds and the server agree.
 */
export const PROVIDER_ROOT_USER_UID = '1';

/**
 * The special root company's fixed tenant set (docs/requirements.md#special-root, value not shown). Decision: all four
 * operators, teletalk included, so it differs from the default "all installed tenants".
 */
export const SPECIAL_ROOT_COMPANY_TENANTS: readonly Tenant[] = TENANTS;

/** True when `rootUserUid` is the special root company whose tenants are fixed. */
export function hasFixedTenantSet(rootUserUid: string): boolean {
  return rootUserUid === SPECIAL_ROOT_COMPANY_USER_UID;
}

/** Clusters of the special root company (docs/requirements.md#clusters), in spec order. */
export const CLUSTERS = [
  'Banani',
  'Dhanmondi',
  'Gazipur',
  'Kawranbazer',
  'Mirpur',
  'Narayanganj',
  'Palton',
  'Savar',
  'Uttara',
  "Cox's Bazar",
  'CTG North',
  'CTG South',
  'Feni',
  'Sylhet',
  'Barisal',
  'Faridpur',
  'Jessore',
  'Khulna',
  'Kushtia',
  'Shariatpur',
  'Bogra',
  'Mymensingh',
  'Rajshahi',
  'Rangpur',
  'Tangail',
  'Comilla',
] as const;
/** A cluster name. */
export type Cluster = (typeof CLUSTERS)[number];

/** Zones of the special root company (docs/requirements.md#clusters). */
export const ZONES = ['RIO1', 'RIO2', 'RIO3', 'RIO4'] as const;
/** A zone name. */
export type Zone = (typeof ZONES)[number];
