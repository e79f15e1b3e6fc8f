/**
 * How a feature declares its screens: each `features/<f>/routes.tsx` exports one
 * {@link FeatureRoutes}; `app/features.ts` lists them (one line per feature) and the router and the
 * side menu are built from that list. Declarations are data: paths come from the domain's `ROUTES`,
 * guards are the domain's guard names, pages are lazy (one chunk per page), and a menu entry only
 * names which of the domain's menu items (`MenuItemId`, order and visibility stay domain rules) the
 * feature provides, with its icon.
 */
import type { AuthUser } from '@towerwatch/contract';
import type { GuardName, MenuItemId } from '@towerwatch/domain';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/** The frame a route renders in: landing page, sign-in pages, the signed-in app, the legacy dashboard. */
export type RouteLayout = 'landing' | 'auth' | 'app' | 'legacy';

/** An icon of the side menu. */
export type MenuIcon = ComponentType<{ size?: number; stroke?: number }>;

/** Icons of some of the domain's menu items. */
export type MenuIcons = Partial<Readonly<Record<MenuItemId, MenuIcon>>>;

/** One route of a feature. */
export interface FeatureRoute {
  /** Absolute path, from the domain's `ROUTES` (or `LEGACY_TABS`). */
  readonly path: string;
  /** Default `app` (signed-in frame; sign-in required). */
  readonly layout?: RouteLayout;
  /** Guards of the `app` layout, run in order after the sign-in check (domain `runGuards`). */
  readonly guards?: readonly GuardName[];
  /** Shown in the top bar and the document title. */
  readonly title?: string;
  /** The page, loaded on first visit: `() => import('./pages/x-page.tsx').then((m) => m.XPage)`. */
  readonly page?: () => Promise<ComponentType>;
  /**
   * Runs after the guards with the signed-in user and the path parameters (`app` layout); may throw
   * a `redirect(...)` or a `Response` (404). A route without a page is only this check.
   */
  readonly check?: (user: AuthUser, params: Params) => void;
  /** More route `handle` fields, read by the page with `useMatches`. */
  readonly handle?: Readonly<Record<string, unknown>>;
}

/** What one feature adds to the app: its routes and the icons of the menu items it provides. */
export interface FeatureRoutes {
  /** The feature's folder name. */
  readonly feature: string;
  readonly routes: readonly FeatureRoute[];
  /**
   * Icons of the domain's menu items whose page this feature provides, loaded with the signed-in
   * frame (`() => import('./menu-icons.tsx').then((m) => m.menuIcons)`): /login does not load them.
   */
  readonly menu?: () => Promise<MenuIcons>;
}

/** Declares a feature's routes (keeps the literal types; reads better at the top of `routes.tsx`). */
export function defineFeatureRoutes(routes: FeatureRoutes): FeatureRoutes {
  return routes;
}
