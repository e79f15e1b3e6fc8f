import { ActionIcon, Anchor, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconAdjustmentsAlt, IconLink, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TelegramGroup } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/time.ts';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import { groupHealth } from '../telegram-model.ts';

export interface GroupsTableProps {
  groups: readonly TelegramGroup[];
  showCompany: boolean;
  selected: number | null;
  onSelect(chatId: number): void;
  onNewLink(group: TelegramGroup): void;
  onDelete(group: TelegramGroup): void;
}

/** The company's messaging groups: status, sites, invite link, last delivery, message counts, actions. */
export function GroupsTable({
  groups,
  showCompany,
  selected,
  onSelect,
  onNewLink,
  onDelete,
}: GroupsTableProps) {
  const columns: SortableColumn<TelegramGroup>[] = [
    {
      key: 'title',
      label: 'Group',
      value: (g) => g.title,
      render: (g) => (
        <Anchor
          component="button"
          type="button"
          fw={g.chat_id === selected ? 700 : 500}
          onClick={() => onSelect(g.chat_id)}
        >
          {g.title}
          <Text span size="xs" c="dimmed" ml={6}>
            {g.chat_id}
          </Text>
        </Anchor>
      ),
    },
    ...(showCompany ? [{ key: 'company', label: 'Company', value: (g: TelegramGroup) => g.company_id }] : []),
    {
      key: 'status',
      label: 'Status',
      value: (g) => groupHealth(g).label,
      render: (g) => {
        const h = groupHealth(g);
        return (
          <Badge color={h.color} variant="light">
            {h.label}
          </Badge>
        );
      },
    },
    {
      key: 'sites',
      label: 'Sites',
      value: (g) => g.sites.length,
      render: (g) => (
        <Tooltip
          label={g.sites.map((s) => `${s.name} (${s.site_uid})`).join(', ') || 'No sites'}
          multiline
          maw={360}
        >
          <Text size="sm">
            {g.sites.length === 0
              ? 'None'
              : g.sites
                  .slice(0, 2)
                  .map((s) => s.name)
                  .join(', ')}
            {g.sites.length > 2 ? ` +${g.sites.length - 2}` : ''}
          </Text>
        </Tooltip>
      ),
    },
    {
      key: 'invite',
      label: 'Invite link',
      value: (g) => g.invite_link,
      render: (g) => (
        <Group gap={4} wrap="nowrap">
          {g.invite_link ? (
            <Anchor href={g.invite_link} target="_blank" rel="noreferrer" size="sm">
              {g.invite_link.replace('https://', '')}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              None
            </Text>
          )}
          <Tooltip label="New invite link (revokes the old one)">
            <ActionIcon
              variant="subtle"
              aria-label={`New invite link for ${g.title}`}
              onClick={() => onNewLink(g)}
            >
              <IconLink size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
    {
      key: 'last',
      label: 'Last delivery',
      value: (g) => g.last_delivery_at,
      render: (g) => (g.last_delivery_at ? formatDateTime(g.last_delivery_at) : '—'),
    },
    {
      key: 'messages',
      label: 'Queued / sent / failed',
      value: (g) => g.deliveries.queued * 1e6 + g.deliveries.failed,
      render: (g) => `${g.deliveries.queued} / ${g.deliveries.sent} / ${g.deliveries.failed}`,
    },
    {
      key: 'actions',
      label: 'Actions',
      value: () => null,
      render: (g) => (
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={`${ROUTES.telegramGroupSave}?chat_id=${g.chat_id}`}
            size="compact-xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            aria-label={`Edit ${g.title}`}
          >
            Edit
          </Button>
          <Button
            component={Link}
            to={`${ROUTES.telegramAlarmSettings}?chat_id=${g.chat_id}`}
            size="compact-xs"
            variant="light"
            leftSection={<IconAdjustmentsAlt size={14} />}
            aria-label={`Alarm settings of ${g.title}`}
          >
            Alarms
          </Button>
          <ActionIcon
            color="red"
            variant="subtle"
            aria-label={`Delete ${g.title}`}
            onClick={() => onDelete(g)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];
  return (
    <SortableTable
      columns={columns}
      rows={groups}
      rowKey={(g) => String(g.chat_id)}
      caption="Messaging groups"
      emptyText="No messaging groups yet. Add one to send alarm notifications to a Telegram group."
    />
  );
}
