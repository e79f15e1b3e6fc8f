import { describe, expect, it } from 'vitest';
import type { GuardState } from './guards.ts';
import { legacyDashboardDecision, runGuard, runGuards, UnknownGuardError } from './guards.ts';
import type { UserType } from './users.ts';

const state = (over: Partial<GuardState> = {}): GuardState => ({
  user: { type: 'company' },
  siteConfigSelected: true,
  ticketsLoaded: true,
  siteListLoaded: true,
  siteListLoading: false,
  tokenExpired: false,
  ...over,
});
const as = (type: UserType) => state({ user: { type } });

describe('route guards (docs/requirements.md#guards)', () => {
  it('admin: sudo and support stay, others go to /dashboard', () => {
    expect(runGuard('admin', as('support'))).toEqual({ allow: true, loadSiteList: false });
    expect(runGuard('admin', as('superuser'))).toEqual({ allow: false, redirectTo: '/dashboard' });
    expect(runGuard('admin', state({ user: null }))).toEqual({ allow: false, redirectTo: '/dashboard' });
  });

  it('bill: superuser, finance and sudo stay, others go to /', () => {
    expect(runGuard('bill', as('superuser')).allow).toBe(true);
    expect(runGuard('bill', as('finance')).allow).toBe(true);
    expect(runGuard('bill', as('support'))).toEqual({ allow: false, redirectTo: '/' });
  });

  it('finance: finance and sudo only', () => {
    expect(runGuard('finance', as('sudo')).allow).toBe(true);
    expect(runGuard('finance', as('superuser'))).toEqual({ allow: false, redirectTo: '/' });
  });

  it('setup: loads the site list only when none loaded, none loading and token valid', () => {
    expect(runGuard('setup', state({ siteListLoaded: false }))).toEqual({ allow: true, loadSiteList: true });
    expect(runGuard('setup', state({ siteListLoaded: false, siteListLoading: true }))).toEqual({
      allow: true,
      loadSiteList: false,
    });
    expect(runGuard('setup', state({ siteListLoaded: false, tokenExpired: true })).allow).toBe(true);
    expect(runGuard('setup', state({ siteListLoaded: false, tokenExpired: true }))).toHaveProperty(
      'loadSiteList',
      false,
    );
    expect(runGuard('setup', state())).toEqual({ allow: true, loadSiteList: false });
  });

  it('site: no selected site configuration goes to /site/list', () => {
    expect(runGuard('site', state({ siteConfigSelected: false }))).toEqual({
      allow: false,
      redirectTo: '/site/list',
    });
    expect(runGuard('site', state()).allow).toBe(true);
  });

  it('ticket: no tickets loaded goes to /ticket', () => {
    expect(runGuard('ticket', state({ ticketsLoaded: false }))).toEqual({
      allow: false,
      redirectTo: '/ticket',
    });
  });

  it('ticket: a URL naming the ticket (a deep link or a reload) stays, the page loads it', () => {
    expect(runGuard('ticket', state({ ticketsLoaded: false, recordRequested: true })).allow).toBe(true);
  });

  it('user: sudo and support go to /customer/sites, others stay', () => {
    expect(runGuard('user', as('sudo'))).toEqual({ allow: false, redirectTo: '/customer/sites' });
    expect(runGuard('user', as('read_only')).allow).toBe(true);
    expect(runGuard('user', as('support'))).toEqual({ allow: false, redirectTo: '/customer/sites' });
  });

  it("an unknown guard throws 'Unknown middleware <name>' with status 500", () => {
    expect(() => runGuard('nope', state())).toThrow('Unknown middleware nope');
    expect(() => runGuard('nope', state())).toThrow(UnknownGuardError);
    expect(new UnknownGuardError('x').status).toBe(500);
  });

  it('runGuards stops at the first redirect and collects site-list loads', () => {
    expect(runGuards(['setup', 'user'], { ...as('sudo'), siteListLoaded: false })).toEqual({
      allow: false,
      redirectTo: '/customer/sites',
    });
    expect(runGuards(['setup', 'site'], state({ siteListLoaded: false }))).toEqual({
      allow: true,
      loadSiteList: true,
    });
  });

  it('legacy dashboard needs the legacy role (docs/requirements.md#legacy-access)', () => {
    expect(legacyDashboardDecision({ type: 'company', meta: { accessRoles: ['legacy'] } }).allow).toBe(true);
    expect(legacyDashboardDecision({ type: 'sudo' })).toEqual({ allow: false, redirectTo: '/dashboard' });
  });
});
