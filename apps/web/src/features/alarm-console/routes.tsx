import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/**
 * The fleet alarm console (menu: Alarm Console). Finance and operators hold no console (the server
 * refuses them too): their home instead (domain `mayOpenPage`).
 */
export const alarmConsoleRoutes = defineFeatureRoutes({
  feature: 'alarm-console',
  routes: [
    {
      path: ROUTES.alarmConsole,
      guards: ['user', 'setup'],
      title: 'Alarm Console',
      page: () => import('./pages/alarm-console-page.tsx').then((m) => m.AlarmConsolePage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
