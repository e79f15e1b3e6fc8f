/**
 * Live events: routing to the open site's modules and site-event visibility (docs/requirements.md#live-routing).
 */
import { isPowerEvent } from './events.ts';
import { isEventKindVisible } from './permissions.ts';
import { effectiveTenant, isEventVisibleForTenants } from './tenant-filter.ts';
import type { DomainUser } from './users.ts';
import { allowedTenants } from './users.ts';

/** Site modules that live events feed (docs/requirements.md#live-routing). */
export const SITE_MODULES = ['mains', 'temperature', 'battery', 'access', 'generator'] as const;
/** A site module. */
export type SiteModule = (typeof SITE_MODULES)[number];

/**
 * Event name → module (docs/requirements.md#live-routing). Decisions: access covers every door, lock, card reader,
 * security breach (incl. cleared) and vibration event, plus high_motion (an access event,
 * docs/requirements.md#access-events); the rectifier variant's battery_low goes to battery like dc_low_voltage.
 */
const ROUTES: Readonly<Record<string, SiteModule>> = {
  mains_outage: 'mains',
  mains_fail: 'mains',
  site_down: 'mains',
  rectifier_fail: 'mains',
  high_temperature: 'temperature',
  battery_power: 'battery',
  dc_low_voltage: 'battery',
  battery_low: 'battery',
  dc_fail: 'battery',
  door_open: 'access',
  door_close: 'access',
  lock_open: 'access',
  lock_close: 'access',
  lock_open_fail: 'access',
  lock_close_fail: 'access',
  lock_fault: 'access',
  card_reader_fault: 'access',
  security_breach: 'access',
  security_breach_cleared: 'access',
  high_vibration: 'access',
  mild_vibration: 'access',
  high_motion: 'access',
  dg_power: 'generator',
  pg_power: 'generator',
  // Fuel and transfer-switch checks (docs/requirements.md#fuel-theft, docs/requirements.md#dg-with-mains).
  dg_start_fail: 'generator',
  fuel_theft_suspected: 'generator',
  fuel_refill: 'generator',
  dg_with_mains: 'generator',
};

/** The module an event goes to, or null when no module takes it. */
export function moduleForEvent(name: string): SiteModule | null {
  return ROUTES[name] ?? null;
}

/** A live site event as the rules need it. */
export interface LiveSiteEvent {
  name: string;
  siteUid: string;
  tenant?: string | null;
}

/**
 * The module of the open site a live event updates, or null (docs/requirements.md#live-routing): the event must be
 * for the open site and have a module; power events apply only to the focused tenant (a tenant-less
 * power event counts as the first operator tenant).
 */
export function routeLiveEvent(
  event: LiveSiteEvent,
  openSite: { siteUid: string | null; focusedTenant: string | null },
): SiteModule | null {
  if (event.siteUid !== openSite.siteUid) return null;
  const module = moduleForEvent(event.name);
  if (!module) return null;
  if (isPowerEvent(event.name) && effectiveTenant(event) !== openSite.focusedTenant) return null;
  return module;
}

/**
 * Whether a live site event is shown to the user (docs/requirements.md#live-visibility): the site must be among the
 * user's sites and the tenant allowed; read-only users who get the reduced events list see only
 * its kinds. Decision: this applies to both read-only kinds (docs/requirements.md#read-only).
 */
export function isLiveSiteEventVisible(
  user: Pick<DomainUser, 'uid' | 'type' | 'tenants' | 'root_user_uid'>,
  event: LiveSiteEvent,
  userSiteUids: ReadonlySet<string> | readonly string[],
): boolean {
  const inSites = Array.isArray(userSiteUids)
    ? userSiteUids.includes(event.siteUid)
    : (userSiteUids as ReadonlySet<string>).has(event.siteUid);
  if (!inSites) return false;
  if (!isEventVisibleForTenants(event, allowedTenants(user))) return false;
  return isEventKindVisible(user, event.name);
}
