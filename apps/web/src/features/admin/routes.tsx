import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/**
 * Administration (docs/requirements.md#admin-screens): customers and their sites, site forms and
 * configuration, controllers, device vendors with API tokens, users. Guard `admin` (sudo, support).
 */
export const adminRoutes = defineFeatureRoutes({
  feature: 'admin',
  routes: [
    {
      path: ROUTES.customerSites,
      guards: ['admin'],
      title: 'Customer Sites',
      page: () => import('./pages/customer-sites-page.tsx').then((m) => m.CustomerSitesPage),
    },
    {
      path: ROUTES.customersList,
      guards: ['admin'],
      title: 'Customers',
      page: () => import('./pages/customers-list-page.tsx').then((m) => m.CustomersListPage),
    },
    {
      path: ROUTES.customerSiteCreate,
      guards: ['admin'],
      title: 'New Customer Site',
      page: () => import('./pages/site-form-page.tsx').then((m) => m.SiteCreatePage),
    },
    {
      path: ROUTES.customerSiteEdit,
      guards: ['admin'],
      title: 'Edit Customer Site',
      page: () => import('./pages/site-form-page.tsx').then((m) => m.SiteEditPage),
    },
    {
      path: ROUTES.customerSiteConfigure,
      guards: ['admin'],
      title: 'Configure Site',
      page: () => import('./pages/site-configure-page.tsx').then((m) => m.SiteConfigurePage),
    },
    {
      path: ROUTES.deviceCreate,
      guards: ['admin'],
      title: 'New Device',
      page: () => import('./pages/device-create-page.tsx').then((m) => m.DeviceCreatePage),
    },
    {
      path: ROUTES.deviceList,
      guards: ['admin'],
      title: 'Device List',
      page: () => import('./pages/device-list-page.tsx').then((m) => m.DeviceListPage),
    },
    {
      path: ROUTES.deviceVendorCreate,
      guards: ['admin'],
      title: 'New Device Vendor',
      page: () => import('./pages/vendor-form-page.tsx').then((m) => m.VendorCreatePage),
    },
    {
      path: ROUTES.deviceVendorEdit,
      guards: ['admin'],
      title: 'Edit Device Vendor',
      page: () => import('./pages/vendor-form-page.tsx').then((m) => m.VendorEditPage),
    },
    {
      path: ROUTES.deviceVendorList,
      guards: ['admin'],
      title: 'Device Vendors',
      page: () => import('./pages/vendor-list-page.tsx').then((m) => m.VendorListPage),
    },
    {
      path: ROUTES.userList,
      guards: [],
      title: 'Users',
      // For operators, superusers and holders of manage_users (domain `mayOpenPage`).
      page: () => import('./pages/user-list-page.tsx').then((m) => m.UserListPage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
