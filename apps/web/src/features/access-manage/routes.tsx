import type { AuthUser } from '@towerwatch/contract';
import { hasAccessRole, ROUTES } from '@towerwatch/domain';
import { redirect } from 'react-router';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** Without the `acs` access role these pages are not offered (docs/requirements.md#access-roles). */
const withAcs = (user: AuthUser) => {
  if (!hasAccessRole(user, 'acs')) throw redirect(ROUTES.dashboard);
};

/** The company's cards, card groups, sites and site groups, and the group editors (menu: Manage Access). */
export const accessManageRoutes = defineFeatureRoutes({
  feature: 'access-manage',
  routes: [
    {
      path: ROUTES.accessManage,
      guards: ['user'],
      title: 'Manage Access',
      check: withAcs,
      page: () => import('./pages/access-manage-page.tsx').then((m) => m.AccessManagePage),
    },
    {
      path: ROUTES.accessCardGroupSave,
      guards: ['user'],
      title: 'Card Group',
      check: withAcs,
      page: () => import('./pages/card-group-save-page.tsx').then((m) => m.CardGroupSavePage),
    },
    {
      path: ROUTES.accessSiteGroupSave,
      guards: ['user'],
      title: 'Site Group',
      check: withAcs,
      page: () => import('./pages/site-group-save-page.tsx').then((m) => m.SiteGroupSavePage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
