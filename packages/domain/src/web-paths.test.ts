import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.ts';
import { isFilePath, isPageNavigation, isWebRoute, pageLoadStatus, WEB_ROUTE_PATTERNS } from './web-paths.ts';

const page = { method: 'GET', accept: 'text/html,application/xhtml+xml,*/*;q=0.8', authorization: undefined };

describe('web paths (docs/requirements.md#page-loads)', () => {
  it('knows every path of the route table, with parameters and a trailing slash', () => {
    for (const path of Object.values(ROUTES)) expect(WEB_ROUTE_PATTERNS).toContain(path);
    expect(isWebRoute('/telegram/alarm-settings')).toBe(true);
    expect(isWebRoute('/ticket/details?id=4')).toBe(true);
    expect(isWebRoute('/dashboard/robi')).toBe(true);
    expect(isWebRoute('/dashboard/legacy/climate')).toBe(true);
    expect(isWebRoute('/site/list/')).toBe(true);
  });

  it('does not know other paths: they are 404 pages', () => {
    expect(isWebRoute('/no-such-page')).toBe(false);
    expect(isWebRoute('/dashboard/robi/extra')).toBe(false);
    expect(isWebRoute('/user/site/fetch')).toBe(false);
    expect(pageLoadStatus('/no-such-page')).toBe(404);
    expect(pageLoadStatus('/site/list')).toBe(200);
  });

  it('tells a browser navigation from an API call', () => {
    expect(isPageNavigation({ ...page, url: '/telegram/alarm-settings' })).toBe(true);
    expect(isPageNavigation({ ...page, url: '/anything?x=1' })).toBe(true);
    expect(isPageNavigation({ ...page, method: 'HEAD', url: '/site/list' })).toBe(true);
    // The web app's own calls carry the token; scripts and fetches do not ask for HTML.
    expect(isPageNavigation({ ...page, authorization: 'Bearer x', url: '/telegram/alarm-settings' })).toBe(
      false,
    );
    expect(isPageNavigation({ ...page, accept: 'application/json', url: '/telegram/alarm-settings' })).toBe(
      false,
    );
    expect(isPageNavigation({ ...page, accept: undefined, url: '/site/list' })).toBe(false);
    expect(isPageNavigation({ ...page, method: 'POST', url: '/site/list' })).toBe(false);
  });

  it('leaves files and server-only paths to the server', () => {
    expect(isPageNavigation({ ...page, url: '/assets/index-3f2a.js' })).toBe(false);
    expect(isPageNavigation({ ...page, url: '/api-docs/' })).toBe(false);
    expect(isPageNavigation({ ...page, url: '/healthz' })).toBe(false);
    expect(isPageNavigation({ ...page, url: '/wss' })).toBe(false);
    expect(isFilePath('/assets/x.css?v=1')).toBe(true);
    expect(isFilePath('/site/list')).toBe(false);
  });
});
