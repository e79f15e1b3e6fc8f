import type { AuthUser } from '@towerwatch/contract';
import { notifications } from '@mantine/notifications';
import { checkRestrictedAction } from '@towerwatch/domain';

/**
 * Guards a restricted action (docs/requirements.md#restricted-actions): read-only users get the spec's toast and the
 * action does not run. Returns whether the action may go on.
 */
export function allowRestrictedAction(user: AuthUser, action: string): boolean {
  const check = checkRestrictedAction(user, action);
  if (check.allowed) return true;
  notifications.show({ color: 'red', message: check.message });
  return false;
}
