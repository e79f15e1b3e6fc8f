/**
 * Pure logic of the device monitoring pages (docs/requirements.md#device-monitoring): the status
 * filters of the device health page, the refusal summary and the search of the service string page.
 */
import type { DeviceHealthItem } from '@towerwatch/contract';
import { OFFLINE_BUCKET_LABELS } from '@towerwatch/domain';

/** The status filters of the device health page. */
export const HEALTH_FILTERS = ['all', 'online', 'offline', 'flapping', 'rejections'] as const;
export type HealthFilter = (typeof HEALTH_FILTERS)[number];

/** True when a device passes the status filter. */
export function matchesHealthFilter(d: DeviceHealthItem, filter: HealthFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'online':
      return d.online;
    case 'offline':
      return !d.online;
    case 'flapping':
      return d.flapping;
    case 'rejections':
      return d.rejectedTotal > 0;
  }
}

/** Case-insensitive search over the device's ids, site, firmware, model and service string. */
export function matchesSearch(d: DeviceHealthItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [d.comId, d.siteUid, d.siteName, d.companyId, d.firmware, d.model, d.service].some((v) =>
    v?.toLowerCase().includes(needle),
  );
}

/** Refused messages by reason, largest first: `invalid_payload 5 · rate_limited 2`. */
export function rejectionSummary(rejected: DeviceHealthItem['rejected']): string {
  return Object.entries(rejected)
    .filter(([, n]) => (n ?? 0) > 0)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([reason, n]) => `${reason} ${n}`)
    .join(' · ');
}

/** The status label of a device: Online, or its offline bucket's label. */
export function statusLabel(d: DeviceHealthItem): string {
  return d.bucket === 'online' ? 'Online' : `Offline ${OFFLINE_BUCKET_LABELS[d.bucket]}`;
}
