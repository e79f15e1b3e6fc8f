import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/** Messaging groups (menu: Telegram): groups, group form, alarm settings (docs/requirements.md#messaging). */
export const telegramRoutes = defineFeatureRoutes({
  feature: 'telegram',
  routes: [
    {
      path: ROUTES.telegram,
      guards: [],
      title: 'Telegram',
      page: () => import('./pages/telegram-page.tsx').then((m) => m.TelegramPage),
    },
    {
      path: ROUTES.telegramGroupSave,
      guards: [],
      title: 'Telegram Group',
      page: () => import('./pages/group-save-page.tsx').then((m) => m.GroupSavePage),
    },
    {
      path: ROUTES.telegramAlarmSettings,
      guards: [],
      title: 'Telegram Alarm Settings',
      page: () => import('./pages/alarm-settings-page.tsx').then((m) => m.AlarmSettingsPage),
    },
  ],
  menu: () => import('./menu-icons.tsx').then((m) => m.menuIcons),
});
