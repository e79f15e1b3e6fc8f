import { describe, expect, it } from 'vitest';
import { mayOpenPage, pageRedirectFor, visibleMenuItems } from './navigation.ts';
import { ROUTES } from './routes.ts';
import type { AccessRole, DomainUser, UserType } from './users.ts';

const user = (type: UserType, roles: AccessRole[], tenants: string[] = []): DomainUser => ({
  uid: '9',
  type,
  tenants,
  meta: { accessRoles: roles },
});
const ktblRms = user('company', ['rms']);
const finance = user('finance', []);
const viewer = user('read_only', ['acs', 'rms'], ['robi']);

describe('page access (docs/requirements.md#page-access)', () => {
  it('telegram pages need the telegram role, as their calls do', () => {
    for (const path of [ROUTES.telegram, ROUTES.telegramAlarmSettings, ROUTES.telegramGroupSave]) {
      expect(mayOpenPage(ktblRms, path)).toBe(false);
      expect(pageRedirectFor(ktblRms, path)).toBe('/dashboard/business');
      expect(mayOpenPage(user('company', ['telegram']), path)).toBe(true);
    }
  });

  it('finance holds no sites: analytics, fuel, availability, history and the dashboards send it home', () => {
    for (const path of [
      ROUTES.analytics,
      ROUTES.fuel,
      ROUTES.siteAvailability,
      ROUTES.siteHistory,
      ROUTES.businessDashboard,
      '/dashboard/robi',
      ROUTES.alarmConsole,
    ]) {
      expect(mayOpenPage(finance, path), path).toBe(false);
      expect(pageRedirectFor(finance, path), path).toBe(ROUTES.billingList);
    }
    expect(mayOpenPage(finance, ROUTES.billingList)).toBe(true);
  });

  it('read-only users never open Manage Access, even with acs', () => {
    expect(mayOpenPage(viewer, ROUTES.accessManage)).toBe(false);
    expect(mayOpenPage(viewer, ROUTES.accessCardGroupSave)).toBe(false);
    expect(mayOpenPage(user('company', ['acs']), ROUTES.accessManage)).toBe(true);
    expect(visibleMenuItems(viewer).map((item) => item.id)).not.toContain('manage_access');
  });

  it('a site page without its access role goes back to the site', () => {
    expect(pageRedirectFor(user('company', ['acs']), ROUTES.battery)).toBe(ROUTES.siteOverview);
    expect(pageRedirectFor(ktblRms, ROUTES.access)).toBe(ROUTES.siteOverview);
    expect(pageRedirectFor(ktblRms, ROUTES.battery)).toBeNull();
  });

  it('the menu shows only pages the user may open', () => {
    for (const u of [ktblRms, finance, viewer, user('sudo', []), user('support', ['rms'])]) {
      for (const item of visibleMenuItems(u)) expect(mayOpenPage(u, item.path), item.path).toBe(true);
    }
    // An operator without the telegram role does not see Telegram.
    expect(visibleMenuItems(user('support', ['rms'])).map((item) => item.id)).not.toContain('telegram');
  });
});
