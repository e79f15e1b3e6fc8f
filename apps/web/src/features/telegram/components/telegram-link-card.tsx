import { Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TelegramLinkCodeReply } from '@towerwatch/contract';
import { useState } from 'react';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useAuthUser } from '../../auth/index.ts';
import { groupActions, linkQueryOptions } from '../api/telegram-api.ts';

/**
 * The Telegram link of /profile (docs/requirements.md#messaging-link-code): a one-time code to send to the
 * bot, so the Acknowledge buttons in alarm messages act as this user.
 */
export function TelegramLinkCard() {
  const user = useAuthUser();
  const link = useQuery(linkQueryOptions());
  const [code, setCode] = useState<TelegramLinkCodeReply | null>(null);
  const create = useMutation({
    mutationFn: groupActions.linkCode,
    onSuccess: setCode,
    onError: (err) => notifications.show({ color: 'red', message: err.message }),
  });
  const bot = link.data?.bot_username ? `@${link.data.bot_username}` : 'the Towerwatch bot';
  return (
    <Paper withBorder p="lg" radius="md" aria-label="Telegram">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Telegram
          </Title>
          {link.data?.linked ? (
            <Badge color="green" variant="light">
              Linked{link.data.telegram_username ? ` to @${link.data.telegram_username}` : ''}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Not linked
            </Badge>
          )}
        </Group>
        <Text size="sm">
          Link your Telegram account to acknowledge alarms from your groups' messages.
          {link.data && !link.data.notifications_enabled
            ? ' Telegram notifications are off on this server.'
            : ''}
        </Text>
        {code ? (
          <Text size="sm">
            Send <Code>/link {code.code}</Code> to {bot} in a private chat before{' '}
            {formatDateTime(code.expires_at)}.
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            loading={create.isPending}
            onClick={() => allowRestrictedAction(user, 'link Telegram') && create.mutate()}
          >
            {link.data?.linked ? 'Link another Telegram account' : 'Get a link code'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
