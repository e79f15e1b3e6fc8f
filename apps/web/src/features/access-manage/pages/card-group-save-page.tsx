import { Alert, Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACCESS_ACTIONS } from '@towerwatch/domain';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuthUser } from '../../auth/index.ts';
import { cardGroupListQueryOptions, cardListQueryOptions, saveCardGroup } from '../api/manage-api.ts';
import { GroupForm } from '../components/group-form.tsx';

/** /access/card-group/save[?groupId=]: a card group's name and cards (docs/requirements.md#access-model). */
export function CardGroupSavePage() {
  const user = useAuthUser();
  const [params] = useSearchParams();
  const groupId = Number(params.get('groupId')) || null;
  const cards = useQuery(cardListQueryOptions());
  const groups = useQuery(cardGroupListQueryOptions());
  const group = groupId ? groups.data?.items.find((g) => g.groupId === groupId) : undefined;
  const existing = useMemo(
    () => (group ? { name: group.name, members: group.members.map(String) } : null),
    [group],
  );
  const options = useMemo(
    () =>
      (cards.data?.items ?? []).map((card) => ({
        id: String(card.card_id),
        label: card.card_number,
        detail: card.holder_name ?? undefined,
      })),
    [cards.data],
  );
  if (cards.isPending || groups.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  if (cards.isError || groups.isError)
    return <Alert color="red">{errorMessage(cards.error ?? groups.error)}</Alert>;
  if (groupId && !group) return <Alert color="yellow">This card group does not exist (any more).</Alert>;
  return (
    <GroupForm
      user={user}
      noun="Card group"
      membersLabel="Cards"
      action={ACCESS_ACTIONS.saveCardGroup}
      existing={existing}
      options={options}
      save={(name, members) =>
        saveCardGroup({ groupId: groupId ?? undefined, name, members: members.map(Number) })
      }
    />
  );
}
