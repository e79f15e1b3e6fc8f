import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** Sign-in, password reset, the welcome page and the user's own account (menu: Account, Logout). */
export const authRoutes = defineFeatureRoutes({
  feature: 'auth',
  routes: [
    {
      path: ROUTES.login,
      layout: 'auth',
      page: () => import('./pages/login-page.tsx').then((m) => m.LoginPage),
    },
    {
      path: ROUTES.reset,
      layout: 'auth',
      page: () => import('./pages/reset-page.tsx').then((m) => m.ResetPage),
    },
    {
      path: ROUTES.welcome,
      layout: 'auth',
      page: () => import('./pages/welcome-page.tsx').then((m) => m.WelcomePage),
    },
    {
      path: ROUTES.profile,
      guards: [],
      title: 'Account',
      page: () => import('./pages/profile-page.tsx').then((m) => m.ProfilePage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
