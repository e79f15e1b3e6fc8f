/**
 * Route guards as pure decisions (docs/requirements.md#guards guards 1–7).
 */
import { PAYMENT_EDITOR_TYPES, PAYMENT_VIEWER_TYPES } from './billing.ts';
import { ROUTES } from './routes.ts';
import type { DomainUser } from './users.ts';
import { hasAccessRole, isOperator } from './users.ts';

/**
 * Guard names (docs/requirements.md#guards). Mapping to the numbered guards of docs/requirements.md#guards (decision,
 * the spec does not pair them): admin = guard 1, bill = guard 2, finance = guard 3, setup = guard 4,
 * site = guard 5, ticket = guard 6, user = guard 7.
 */
export const GUARD_NAMES = ['admin', 'bill', 'finance', 'setup', 'site', 'ticket', 'user'] as const;
/** A guard name. */
export type GuardName = (typeof GUARD_NAMES)[number];

/** What a guard reads. `user` is null when nobody is signed in. */
export interface GuardState {
  user: Pick<DomainUser, 'type'> | null;
  /** A site configuration is selected (guard 5). */
  siteConfigSelected: boolean;
  /** Tickets have been loaded (guard 6). */
  ticketsLoaded: boolean;
  /** The site list has been loaded (guard 4). */
  siteListLoaded: boolean;
  /** A site-list load is in progress (guard 4). */
  siteListLoading: boolean;
  /** The token-expired flag (guard 4). */
  tokenExpired: boolean;
  /**
   * The URL names the record to show (`?id=`), which the page loads itself: a deep link or a reload
   * of /ticket/details?id=… passes guard 6 (docs/requirements.md#deep-links).
   */
  recordRequested?: boolean;
}

/** A guard's decision: stay (optionally loading the site list first) or go elsewhere. */
export type GuardDecision = { allow: true; loadSiteList: boolean } | { allow: false; redirectTo: string };

/** Error for an unknown guard name; the router shows it as a 500 page (docs/requirements.md#unknown-guard). */
export class UnknownGuardError extends Error {
  readonly status = 500;
  constructor(name: string) {
    super(`Unknown middleware ${name}`);
    this.name = 'UnknownGuardError';
  }
}

const ALLOW: GuardDecision = { allow: true, loadSiteList: false };
const redirect = (redirectTo: string): GuardDecision => ({ allow: false, redirectTo });
const typeIn = (state: GuardState, types: readonly string[]): boolean =>
  state.user !== null && types.includes(state.user.type);

const GUARDS: Readonly<Record<GuardName, (state: GuardState) => GuardDecision>> = {
  admin: (s) => (typeIn(s, ['sudo', 'support']) ? ALLOW : redirect(ROUTES.dashboard)),
  bill: (s) => (typeIn(s, PAYMENT_VIEWER_TYPES) ? ALLOW : redirect(ROUTES.landing)),
  finance: (s) => (typeIn(s, PAYMENT_EDITOR_TYPES) ? ALLOW : redirect(ROUTES.landing)),
  setup: (s) => ({
    allow: true,
    loadSiteList: !s.siteListLoaded && !s.siteListLoading && !s.tokenExpired,
  }),
  site: (s) => (s.siteConfigSelected ? ALLOW : redirect(ROUTES.siteList)),
  ticket: (s) => (s.ticketsLoaded || s.recordRequested === true ? ALLOW : redirect(ROUTES.ticket)),
  user: (s) => (s.user !== null && isOperator(s.user) ? redirect(ROUTES.customerSites) : ALLOW),
};

/** True when `name` is a known guard. */
export function isGuardName(name: string): name is GuardName {
  return (GUARD_NAMES as readonly string[]).includes(name);
}

/** Runs one guard. Throws {@link UnknownGuardError} ('Unknown middleware <name>') for unknown names. */
export function runGuard(name: string, state: GuardState): GuardDecision {
  if (!isGuardName(name)) throw new UnknownGuardError(name);
  return GUARDS[name](state);
}

/**
 * Runs guards in order and returns the first redirect; otherwise allows, asking for a site-list
 * load if any guard asked for one.
 */
export function runGuards(names: readonly string[], state: GuardState): GuardDecision {
  let loadSiteList = false;
  for (const name of names) {
    const decision = runGuard(name, state);
    if (!decision.allow) return decision;
    loadSiteList ||= decision.loadSiteList;
  }
  return { allow: true, loadSiteList };
}

/**
 * Legacy dashboard access (docs/requirements.md#legacy-access): only users with the legacy role; others go to /dashboard.
 */
export function legacyDashboardDecision(user: Pick<DomainUser, 'type' | 'meta'>): GuardDecision {
  return hasAccessRole(user, 'legacy') ? ALLOW : redirect(ROUTES.dashboard);
}
