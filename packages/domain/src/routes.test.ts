import { describe, expect, it } from 'vitest';
import { isDashboardRoute, isSiteSpecificRoute, normalizePath } from './routes.ts';

describe('routes (docs/requirements.md#route-table)', () => {
  it('site-specific routes match exactly', () => {
    expect(isSiteSpecificRoute('/oem/data')).toBe(true);
    expect(isSiteSpecificRoute('/site/list')).toBe(false);
  });

  it('dashboard and legacy dashboard are recognised by path', () => {
    expect(isDashboardRoute('/dashboard/robi')).toBe(true);
    expect(isDashboardRoute('/dashboards')).toBe(false);
  });

  it('normalises query strings and trailing slashes', () => {
    expect(normalizePath('/site/list/?a=1')).toBe('/site/list');
    expect(normalizePath('/')).toBe('/');
  });
});
