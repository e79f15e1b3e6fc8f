import type { DeviceHealthCategory, SiteHealthsReply } from '@towerwatch/contract';
import { DEVICE_HEALTH_CATEGORIES } from '@towerwatch/contract';
import { OFFLINE_BUCKET_LABELS } from '@towerwatch/domain';

/** The device counts of GET /site/healths (also pushed live as RMS_DEVICE_HEALTH_COUNT). */
export type HealthCounts = SiteHealthsReply['counts'];

/** Label of a health category: Online, or Offline with the offline bucket (docs/requirements.md#offline-buckets). */
export function healthCategoryLabel(category: DeviceHealthCategory): string {
  return category === 'online' ? 'Online' : `Offline ${OFFLINE_BUCKET_LABELS[category]}`;
}

/** Mantine colour of a category: online green, offline from yellow (under a day) to red (3 days or more). */
export const HEALTH_CATEGORY_COLOUR: Readonly<Record<DeviceHealthCategory, string>> = {
  online: 'teal',
  lt24h: 'yellow',
  lt48h: 'orange',
  lt72h: 'red',
  gte72h: 'dark',
};

/** One category row: its count and its share of all devices (percent, one decimal). */
export interface HealthCategoryRow {
  category: DeviceHealthCategory;
  label: string;
  count: number;
  share: number;
}

/** The categories in order with their counts and shares; a company without devices shows 0 %. */
export function healthCategoryRows(counts: HealthCounts): HealthCategoryRow[] {
  return DEVICE_HEALTH_CATEGORIES.map((category) => ({
    category,
    label: healthCategoryLabel(category),
    count: counts[category],
    share: counts.total > 0 ? Math.round((counts[category] / counts.total) * 1000) / 10 : 0,
  }));
}

/** Online share of all devices (percent, one decimal), or null without devices. */
export function onlineShare(counts: HealthCounts): number | null {
  return counts.total > 0 ? Math.round((counts.online / counts.total) * 1000) / 10 : null;
}

/** "3 d 4 h", "5 h 12 m" or "40 m": how long a device has been offline; "—" when online. */
export function offlineFor(minutes: number): string {
  if (minutes <= 0) return '—';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${mins} m`;
  return `${mins} m`;
}
