import { IconBellRinging } from '@tabler/icons-react';
import type { MenuIcons } from '../../lib/feature-routes.ts';

/** Icons of the menu items this feature provides (loaded with the signed-in frame). */
export const menuIcons: MenuIcons = { alarm_console: IconBellRinging };
