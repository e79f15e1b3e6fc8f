/**
 * Legacy dashboard: tabs, columns and export kinds (docs/requirements.md#legacy-dashboard).
 */
import { LEGACY_DASHBOARD_PATH } from './routes.ts';
import type { AnyTenant } from './tenants.ts';
import { tenantLabel } from './tenants.ts';

/** Legacy dashboard tabs in order; the all-stations tab is the legacy root. */
export const LEGACY_TABS = [
  {
    id: 'all-rms-station',
    label: 'All RMS Station',
    path: LEGACY_DASHBOARD_PATH,
    columns: [],
    exportKind: null,
  },
  {
    id: 'alarm',
    label: 'Alarm',
    path: `${LEGACY_DASHBOARD_PATH}/alarm`,
    columns: ['Name', 'Tenant', 'Duration', 'Time'],
    exportKind: null,
  },
  {
    id: 'dc-energy-meter',
    label: 'DC Energy Meter',
    path: `${LEGACY_DASHBOARD_PATH}/dc-energy-meter`,
    columns: ['Tenant', 'Load', 'Current'],
    exportKind: 'energy',
  },
  {
    id: 'climate',
    label: 'Climate',
    path: `${LEGACY_DASHBOARD_PATH}/climate`,
    columns: ['Temperature', 'Humidity'],
    exportKind: 'climate',
  },
  {
    id: 'rectifier',
    label: 'Rectifier',
    path: `${LEGACY_DASHBOARD_PATH}/rectifier`,
    columns: ['Tenant', 'Voltage'],
    exportKind: 'voltage',
  },
  {
    id: 'battery',
    label: 'Battery',
    path: `${LEGACY_DASHBOARD_PATH}/battery`,
    columns: ['SOC', 'SOH'],
    exportKind: null,
  },
] as const;
/** A legacy tab id. */
export type LegacyTabId = (typeof LEGACY_TABS)[number]['id'];

/**
 * The tab for a path (trailing slash ignored), or null. The alarm tab has no export kind in the spec.
 */
export function legacyTabForPath(pathname: string): (typeof LEGACY_TABS)[number] | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return LEGACY_TABS.find((tab) => tab.path === path) ?? null;
}

/** The tenant selector is hidden on the Climate tab (docs/requirements.md#legacy-dashboard). */
export function legacyShowsTenantSelector(tab: LegacyTabId): boolean {
  return tab !== 'climate';
}

/** Options of the legacy tenant selector: All Tenant plus the allowed tenants; value null is all. */
export function legacyTenantOptions(
  allowed: readonly AnyTenant[],
): { value: AnyTenant | null; label: string }[] {
  return [
    { value: null, label: 'All Tenant' },
    ...allowed.map((tenant) => ({ value: tenant, label: tenantLabel(tenant) })),
  ];
}
