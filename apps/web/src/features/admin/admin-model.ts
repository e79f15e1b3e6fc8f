/**
 * Pure logic of the administration screens: customer health colours, a customer's site rows, the pin
 * editor's option values, parsing of the site form's free-form details, and which users a manager may
 * disable or delete.
 */
import type { AuthUser, CustomerCompany, SiteLean } from '@towerwatch/contract';
import {
  canManageUser,
  type CustomerHealth,
  customerHealth,
  PIN_SERVICE_OPTIONS,
  type PinServiceOption,
  tenantLabel,
} from '@towerwatch/domain';

/** Badge colour and label of a customer's health. */
export const HEALTH_BADGE: Readonly<Record<CustomerHealth, { color: string; label: string }>> = {
  ok: { color: 'teal', label: 'Healthy' },
  warning: { color: 'yellow', label: 'Attention' },
  critical: { color: 'red', label: 'Critical' },
  empty: { color: 'gray', label: 'No sites' },
};

/** The health badge of a customer. */
export const healthOf = (c: CustomerCompany) => HEALTH_BADGE[customerHealth(c)];

/** One row of a customer's site table. */
export interface CustomerSiteRow {
  uid: string;
  name: string;
  genericId: string;
  tenants: string;
  status: 'online' | 'offline';
  devices: number;
  activeAlarms: number;
  place: string;
}

/** A customer's sites as table rows (active = available, not normal, not paused alarms). */
export function customerSiteRows(items: readonly SiteLean[]): CustomerSiteRow[] {
  return items.map((s) => ({
    uid: s.uid,
    name: s.name,
    genericId: s.meta.generic_site_id ?? '',
    tenants: s.tenants.map(tenantLabel).join(', '),
    status: s.status,
    devices: s.devices.length,
    activeAlarms: s.alarms.filter((a) => a.isAvailable && !a.isNormal && !a.isDisable).length,
    place: [s.place.thana, s.place.district, s.place.division].filter(Boolean).join(', '),
  }));
}

/** The value of a pin service option in a select (`type` or `type:priority`). */
export const optionValue = (o: Pick<PinServiceOption, 'type' | 'priority'>) =>
  o.priority ? `${o.type}:${o.priority}` : o.type;

/** The option a select value stands for. */
export function optionOf(value: string | null): PinServiceOption | null {
  return PIN_SERVICE_OPTIONS.find((o) => optionValue(o) === value) ?? null;
}

/** The select value of a stored config (door/lock by priority). */
export function valueOfConfig(c: { type: string; priority: string | null }): string {
  const match = PIN_SERVICE_OPTIONS.find(
    (o) => o.type === c.type && (!o.priority || o.priority === c.priority),
  );
  return match ? optionValue(match) : c.type;
}

/** Parses the "more details" text: a JSON object, or empty. An error names what is wrong. */
export function parseDetails(
  text: string,
): { ok: true; value: Record<string, unknown> | undefined } | { ok: false; error: string } {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { ok: false, error: 'More details must be a JSON object' };
    return { ok: true, value: value as Record<string, unknown> };
  } catch {
    return { ok: false, error: 'More details is not valid JSON' };
  }
}

/**
 * True when the user list offers Disable and Delete for `user`: never on oneself, only on users the
 * manager may manage (docs/requirements.md#user-management). The server decides; this only hides
 * buttons that would be refused (the last active root of a company is refused by the server alone).
 */
export function mayDisableOrDelete(manager: AuthUser, user: AuthUser): boolean {
  return user.uid !== manager.uid && canManageUser(manager, user).allowed;
}
