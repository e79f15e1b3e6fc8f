import type { AuthUser } from '@towerwatch/contract';
import { canUseAlarmConsole, homePathFor, ROUTES } from '@towerwatch/domain';
import { redirect } from 'react-router';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** Finance and operators hold no console (the server refuses them too): their home instead. */
const consoleUsers = (user: AuthUser) => {
  if (!canUseAlarmConsole(user)) throw redirect(homePathFor(user));
};

/** The fleet alarm console (menu: Alarm Console). */
export const alarmConsoleRoutes = defineFeatureRoutes({
  feature: 'alarm-console',
  routes: [
    {
      path: ROUTES.alarmConsole,
      guards: ['user', 'setup'],
      title: 'Alarm Console',
      check: consoleUsers,
      page: () => import('./pages/alarm-console-page.tsx').then((m) => m.AlarmConsolePage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
