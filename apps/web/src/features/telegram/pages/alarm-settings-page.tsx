import { Alert, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPolicyBody } from '@towerwatch/contract';
import { useSearchParams } from 'react-router';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';
import { useAuthUser } from '../../auth/index.ts';
import { groupActions, groupQueryOptions, groupsQueryOptions, telegramKeys } from '../api/telegram-api.ts';
import { NotificationsOff } from '../components/notifications-off.tsx';
import { PolicyForm } from '../components/policy-form.tsx';

/**
 * /telegram/alarm-settings (docs/requirements.md#messaging-policy): per group, which alarms and
 * severities, raise and clear messages, quiet hours and the grouping window.
 */
export function AlarmSettingsPage() {
  const user = useAuthUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const groups = useQuery(groupsQueryOptions());
  const chatId = Number(params.get('chat_id') ?? groups.data?.items[0]?.chat_id ?? 0);
  const group = useQuery({ ...groupQueryOptions(chatId), enabled: chatId !== 0 });
  const save = useMutation({
    mutationFn: (policy: NotificationPolicyBody) => groupActions.savePolicy(chatId, policy),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Alarm settings saved' });
      await queryClient.invalidateQueries({ queryKey: telegramKeys.all });
    },
    onError: (err) => notifications.show({ color: 'red', message: err.message }),
  });

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} fz={22}>
        Telegram alarm settings
      </Title>
      {groups.data && !groups.data.notifications_enabled ? <NotificationsOff /> : null}
      {groups.data?.items.length === 0 ? (
        <Alert color="blue">Add a messaging group first; its alarm settings are set here.</Alert>
      ) : null}
      {groups.data && groups.data.items.length > 0 ? (
        <Select
          label="Group"
          maw={420}
          data={groups.data.items.map((g) => ({
            value: String(g.chat_id),
            label: `${g.title} (${g.chat_id})`,
          }))}
          value={String(chatId)}
          onChange={(v) => v && setParams({ chat_id: v })}
          allowDeselect={false}
        />
      ) : null}
      {chatId !== 0 && group.isPending ? <Loader size="sm" /> : null}
      {group.error ? <Alert color="red">This group was not found.</Alert> : null}
      {group.data ? (
        <Paper withBorder radius="md" p="lg">
          <Text size="sm" c="dimmed" mb="sm">
            Sites: {group.data.group.sites.map((s) => s.name).join(', ') || 'none yet'}
          </Text>
          <PolicyForm
            key={chatId}
            initial={group.data.policy}
            saving={save.isPending}
            onSave={(p) => allowRestrictedAction(user, 'manage messaging groups') && save.mutate(p)}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
