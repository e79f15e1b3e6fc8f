/**
 * Read-only restrictions, reduced event kinds and the emergency-alarm audience
 * (docs/requirements.md#reduced-events, docs/requirements.md#restricted-actions, docs/requirements.md#reduced-events).
 */
import type { DomainUser } from './users.ts';
import { isMonitoringUser, isReadOnly, isSystemReadOnly, isTenantReadOnly } from './users.ts';

/** Event kinds a read-only user sees: mains outage, DC low voltage, site down (docs/requirements.md#reduced-events). */
export const REDUCED_EVENT_KINDS = ['mains_outage', 'dc_low_voltage', 'site_down'] as const;
/** An event kind in the reduced list. */
export type ReducedEventKind = (typeof REDUCED_EVENT_KINDS)[number];

/** Emergency alarm event kinds: high vibration and security breach (docs/requirements.md#emergency-alarm). */
export const EMERGENCY_EVENT_KINDS = ['high_vibration', 'security_breach'] as const;

/** The toast shown when a read-only user tries a restricted action (docs/requirements.md#restricted-actions). */
export function restrictedActionMessage(action: string): string {
  return `Sorry! You don't have the necessary permission to ${action}.`;
}

/**
 * Whether a user may perform a restricted action (unlock, settings, acknowledge ...).
 * Decision: every read_only user is blocked (the spec names the two read-only kinds; a read_only
 * user with several tenants is blocked too).
 */
export function canPerformRestrictedAction(user: Pick<DomainUser, 'type'>): boolean {
  return !isReadOnly(user);
}

/** Result of {@link checkRestrictedAction}. */
export type RestrictedActionCheck = { allowed: true } | { allowed: false; message: string };

/** Checks a restricted action and gives the refusal toast text when blocked. */
export function checkRestrictedAction(user: Pick<DomainUser, 'type'>, action: string): RestrictedActionCheck {
  return canPerformRestrictedAction(user)
    ? { allowed: true }
    : { allowed: false, message: restrictedActionMessage(action) };
}

/** Tenant read-only and system read-only users see the reduced events list (docs/requirements.md#reduced-events). */
export function seesReducedEvents(user: Pick<DomainUser, 'type' | 'tenants'>): boolean {
  return isTenantReadOnly(user) || isSystemReadOnly(user);
}

/** Event kinds visible to the user: the reduced list for read-only kinds, else `null` (all kinds). */
export function visibleEventKinds(
  user: Pick<DomainUser, 'type' | 'tenants'>,
): readonly ReducedEventKind[] | null {
  return seesReducedEvents(user) ? REDUCED_EVENT_KINDS : null;
}

/** True when the event kind is visible to the user under the reduced-list rule. */
export function isEventKindVisible(user: Pick<DomainUser, 'type' | 'tenants'>, kind: string): boolean {
  return !seesReducedEvents(user) || (REDUCED_EVENT_KINDS as readonly string[]).includes(kind);
}

/** True for high_vibration and security_breach. */
export function isEmergencyEvent(kind: string): boolean {
  return (EMERGENCY_EVENT_KINDS as readonly string[]).includes(kind);
}

/**
 * Who hears the looping emergency sound (docs/requirements.md#emergency-alarm): monitoring users, and read_only users
 * "with several tenants". Decision: the spec's "single-tenant read-only user with several tenants"
 * is read as a read_only user whose tenant list has more than one entry.
 */
export function hearsEmergencyAlarm(user: Pick<DomainUser, 'type' | 'tenants'>): boolean {
  if (isMonitoringUser(user)) return true;
  return user.type === 'read_only' && (user.tenants?.length ?? 0) > 1;
}

/** True when an event of this kind must start the emergency sound for this user. */
export function shouldSoundEmergencyAlarm(user: Pick<DomainUser, 'type' | 'tenants'>, kind: string): boolean {
  return isEmergencyEvent(kind) && hearsEmergencyAlarm(user);
}
