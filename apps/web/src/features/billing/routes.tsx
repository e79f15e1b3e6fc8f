import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** Billing (docs/requirements.md#billing): Payment List (guard 2 "bill") and Update Payment (guard 3 "finance"). */
export const billingRoutes = defineFeatureRoutes({
  feature: 'billing',
  routes: [
    {
      path: ROUTES.billingList,
      guards: ['bill'],
      title: 'Payment List',
      page: () => import('./pages/billing-list-page.tsx').then((m) => m.BillingListPage),
    },
    {
      path: ROUTES.billingUpdate,
      guards: ['finance'],
      title: 'Update Payment',
      page: () => import('./pages/billing-update-page.tsx').then((m) => m.BillingUpdatePage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
