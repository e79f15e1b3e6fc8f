import type { AuthUser } from '@towerwatch/contract';
import { hasAccessRole, ROUTES } from '@towerwatch/domain';
import { redirect } from 'react-router';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** Without the `acs` access role the page is not offered (docs/requirements.md#access-roles): back to the site. */
const withAcs = (user: AuthUser) => {
  if (!hasAccessRole(user, 'acs')) throw redirect(ROUTES.siteOverview);
};

/** The focused site's door, lock, cards, access records and open hours (site sub-navigation: Access). */
export const accessRoutes = defineFeatureRoutes({
  feature: 'access',
  routes: [
    {
      path: ROUTES.access,
      guards: ['user', 'setup', 'site'],
      title: 'Access',
      check: withAcs,
      page: () => import('./pages/access-page.tsx').then((m) => m.AccessPage),
    },
  ],
});
