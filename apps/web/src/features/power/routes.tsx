import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

const SITE_GUARDS = ['user', 'setup', 'site'] as const;

/**
 * Power data (docs/requirements.md#power-pages): the open site's battery, generator, mains and
 * temperature pages (site sub-navigation), the fleet's DG fuel and the company's device health.
 */
export const powerRoutes = defineFeatureRoutes({
  feature: 'power',
  routes: [
    {
      path: ROUTES.mains,
      guards: SITE_GUARDS,
      title: 'Mains',
      page: () => import('./pages/mains-page.tsx').then((m) => m.MainsPage),
    },
    {
      path: ROUTES.battery,
      guards: SITE_GUARDS,
      title: 'Battery',
      page: () => import('./pages/battery-page.tsx').then((m) => m.BatteryPage),
    },
    {
      path: ROUTES.generator,
      guards: SITE_GUARDS,
      title: 'Generator',
      page: () => import('./pages/generator-page.tsx').then((m) => m.GeneratorPage),
    },
    {
      path: ROUTES.temperature,
      guards: SITE_GUARDS,
      title: 'Temperature',
      page: () => import('./pages/temperature-page.tsx').then((m) => m.TemperaturePage),
    },
    {
      path: ROUTES.fuel,
      guards: ['user'],
      title: 'Fuel',
      page: () => import('./pages/fuel-page.tsx').then((m) => m.FuelPage),
    },
    {
      path: ROUTES.health,
      guards: ['user'],
      title: 'Health',
      page: () => import('./pages/health-page.tsx').then((m) => m.HealthPage),
    },
  ],
});
