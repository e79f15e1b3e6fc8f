import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/**
 * The company's cards, card groups, sites and site groups, and the group editors (menu: Manage Access).
 * Only with the `acs` access role and never for read-only users (domain `mayOpenPage`).
 */
export const accessManageRoutes = defineFeatureRoutes({
  feature: 'access-manage',
  routes: [
    {
      path: ROUTES.accessManage,
      guards: ['user'],
      title: 'Manage Access',
      page: () => import('./pages/access-manage-page.tsx').then((m) => m.AccessManagePage),
    },
    {
      path: ROUTES.accessCardGroupSave,
      guards: ['user'],
      title: 'Card Group',
      page: () => import('./pages/card-group-save-page.tsx').then((m) => m.CardGroupSavePage),
    },
    {
      path: ROUTES.accessSiteGroupSave,
      guards: ['user'],
      title: 'Site Group',
      page: () => import('./pages/site-group-save-page.tsx').then((m) => m.SiteGroupSavePage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
