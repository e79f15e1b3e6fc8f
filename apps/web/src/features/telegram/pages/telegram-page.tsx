import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TelegramGroup } from '@towerwatch/contract';
import { isOperator, ROUTES } from '@towerwatch/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';
import { useAuthUser } from '../../auth/index.ts';
import {
  deliveriesQueryOptions,
  groupActions,
  groupsQueryOptions,
  telegramKeys,
} from '../api/telegram-api.ts';
import { DeliveriesTable } from '../components/deliveries-table.tsx';
import { GroupsTable } from '../components/groups-table.tsx';
import { NotificationsOff } from '../components/notifications-off.tsx';

const ACTION = 'manage messaging groups';

/**
 * /telegram (docs/requirements.md#messaging): the company's messaging groups with status, sites, invite
 * link and last delivery, and the queued, sent and failed messages of the selected group.
 */
export function TelegramPage() {
  const user = useAuthUser();
  const queryClient = useQueryClient();
  const groups = useQuery(groupsQueryOptions());
  const [picked, setPicked] = useState<number | null>(null);
  const items = groups.data?.items ?? [];
  const selected = items.find((g) => g.chat_id === picked) ?? items[0] ?? null;
  const deliveries = useQuery({
    ...deliveriesQueryOptions(selected?.chat_id ?? 0),
    enabled: selected !== null,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: telegramKeys.all });
  const onError = (err: unknown) => notifications.show({ color: 'red', message: errorMessage(err) });
  const newLink = useMutation({
    mutationFn: (g: TelegramGroup) => groupActions.updateLink(g.chat_id),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'New invite link created' });
      return refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (g: TelegramGroup) => groupActions.remove(g.chat_id),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Group deleted' });
      return refresh();
    },
    onError,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={1} fz={22}>
            Telegram groups
          </Title>
          <Text size="sm" c="dimmed">
            Alarm notifications of your sites in Telegram groups; engineers acknowledge from the chat.
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={ROUTES.telegramAlarmSettings} variant="default">
            Alarm settings
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            component={Link}
            to={ROUTES.telegramGroupSave}
            onClick={(e) => {
              if (!allowRestrictedAction(user, ACTION)) e.preventDefault();
            }}
          >
            Add group
          </Button>
        </Group>
      </Group>
      {groups.data && !groups.data.notifications_enabled ? <NotificationsOff /> : null}
      {groups.error ? <Alert color="red">{errorMessage(groups.error)}</Alert> : null}
      <Paper withBorder radius="md" p="sm">
        {groups.isPending ? (
          <Loader size="sm" />
        ) : (
          <GroupsTable
            groups={items}
            showCompany={isOperator(user)}
            selected={selected?.chat_id ?? null}
            onSelect={setPicked}
            onNewLink={(g) => allowRestrictedAction(user, ACTION) && newLink.mutate(g)}
            onDelete={(g) =>
              allowRestrictedAction(user, ACTION) &&
              window.confirm(`Delete the group ${g.title}? Its settings and message history are removed.`) &&
              remove.mutate(g)
            }
          />
        )}
      </Paper>
      {selected ? (
        <Paper withBorder radius="md" p="sm">
          <Title order={2} fz="md" mb="xs">
            Messages of {selected.title}
          </Title>
          {deliveries.isPending ? (
            <Loader size="sm" />
          ) : (
            <DeliveriesTable deliveries={deliveries.data?.items ?? []} title={selected.title} />
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
