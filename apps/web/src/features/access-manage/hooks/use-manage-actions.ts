import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { AccessCard, AuthUser } from '@towerwatch/contract';
import { ACCESS_ACTIONS, ACCESS_MESSAGES } from '@towerwatch/domain';
import { errorMessage } from '../../../lib/api-error.ts';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';
import {
  attachGroups,
  deleteCardGroup,
  deleteSiteGroup,
  detachGroups,
  manageKeys,
  masterRemove,
} from '../api/manage-api.ts';
import { linkBody } from '../manage-items.ts';
import { dropOutcome, type GroupPair, type ManageItem } from '../manage-model.ts';

const affected = (n: number) =>
  n === 0 ? 'no site list changed' : `${n} site${n === 1 ? '' : 's'} get the new list`;

/**
 * The actions of Manage Access with the spec's checks and messages: a wrong drop says where to drop
 * (docs/requirements.md#access-messages), a read-only user gets the refusal toast, a failed detach says
 * 'something wrong'; after a change the lists are read again.
 */
export function useManageActions(user: AuthUser) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: manageKeys.all });

  const attach = async (pair: GroupPair) => {
    if (!allowRestrictedAction(user, ACCESS_ACTIONS.attach)) return;
    try {
      const reply = await attachGroups(linkBody(pair));
      notifications.show({
        color: 'teal',
        message: `${pair.card.label} attached to ${pair.site.label}: ${affected(reply.sitesAffected)}.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
    await refresh();
  };

  /** A drop of `source` on `target` (null: not on a list item). */
  const drop = async (source: ManageItem, target: ManageItem | null) => {
    const outcome = dropOutcome(source, target);
    if (!outcome.ok) {
      notifications.show({
        color: 'orange',
        message: outcome.reason === 'need_site' ? ACCESS_MESSAGES.dropOnSite : ACCESS_MESSAGES.dropOnCard,
      });
      return;
    }
    await attach(outcome.pair);
  };

  const detach = async (pair: GroupPair) => {
    if (!allowRestrictedAction(user, ACCESS_ACTIONS.detach)) return;
    try {
      const reply = await detachGroups(linkBody(pair));
      notifications.show({
        color: 'teal',
        message: `${pair.card.label} detached from ${pair.site.label}: ${affected(reply.sitesAffected)}.`,
      });
    } catch {
      notifications.show({ color: 'red', message: ACCESS_MESSAGES.detachFailed });
    }
    await refresh();
  };

  const removeEverywhere = async (card: AccessCard) => {
    try {
      const reply = await masterRemove(card.card_number);
      notifications.show({
        color: 'teal',
        message: `Card ${reply.card_number} removed from every site: ${affected(reply.sitesAffected)}.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
    await refresh();
  };

  const deleteGroup = async (item: ManageItem) => {
    try {
      const reply =
        item.kind === 'card_group'
          ? await deleteCardGroup(Number(item.id))
          : await deleteSiteGroup(Number(item.id));
      notifications.show({
        color: 'teal',
        message: `${item.label} deleted: ${affected(reply.sitesAffected)}.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
    await refresh();
  };

  return { drop, attach, detach, removeEverywhere, deleteGroup, refresh };
}
