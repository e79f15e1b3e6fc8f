import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installBrowserGlobals } from '../lib/test-browser-globals.ts';

installBrowserGlobals();
const { routes } = await import('./routes.tsx');

/** Every leaf route (no children) with its path. */
function leaves(list: RouteObject[], prefix = ''): { path: string; route: RouteObject }[] {
  return list.flatMap((route) => {
    const path = route.index ? prefix || '/' : route.path ? `${prefix}/${route.path}` : prefix;
    return route.children ? leaves(route.children, path) : [{ path, route }];
  });
}

describe('router', () => {
  it('every leaf route has an element, also the redirect-only /dashboard (no "Matched leaf route … does not have an element")', () => {
    const all = leaves(routes);
    expect(all.map((leaf) => leaf.path)).toContain('/dashboard');
    for (const { path, route } of all) {
      expect(Boolean(route.Component || route.element || route.lazy), path).toBe(true);
    }
  });
});
