import { Badge, Text } from '@mantine/core';
import type { Delivery } from '@towerwatch/contract';
import { formatDateTime } from '../../../lib/time.ts';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import { deliveryColor } from '../telegram-model.ts';

const columns: SortableColumn<Delivery>[] = [
  {
    key: 'created',
    label: 'Queued at',
    value: (d) => d.created_at,
    render: (d) => formatDateTime(d.created_at),
  },
  { key: 'site', label: 'Site', value: (d) => d.site_name, render: (d) => `${d.site_name} (${d.site_uid})` },
  {
    key: 'alarm',
    label: 'Alarm',
    value: (d) => d.label,
    render: (d) => `${d.label} ${d.kind === 'raise' ? 'raised' : 'cleared'}${d.silent ? ' · silent' : ''}`,
  },
  {
    key: 'status',
    label: 'Status',
    value: (d) => d.status,
    render: (d) => (
      <Badge color={deliveryColor(d.status)} variant="light">
        {d.status}
      </Badge>
    ),
  },
  {
    key: 'action',
    label: 'In Telegram',
    value: (d) => d.action,
    render: (d) => (d.action === 'send' ? 'New message' : d.action === 'edit' ? 'Edited message' : '—'),
  },
  {
    key: 'sent',
    label: 'Sent at',
    value: (d) => d.sent_at,
    render: (d) => (d.sent_at ? formatDateTime(d.sent_at) : '—'),
  },
  {
    key: 'error',
    label: 'Last error',
    value: (d) => d.last_error,
    render: (d) =>
      d.last_error ? (
        <Text size="xs" c="red">
          {d.last_error} ({d.attempts} attempts)
        </Text>
      ) : (
        '—'
      ),
  },
];

/** A group's latest queued, sent and failed messages (docs/requirements.md#messaging-delivery). */
export function DeliveriesTable({ deliveries, title }: { deliveries: readonly Delivery[]; title: string }) {
  return (
    <SortableTable
      columns={columns}
      rows={deliveries}
      rowKey={(d) => String(d.id)}
      caption={`Messages of ${title}`}
      emptyText="No messages yet: alarms of the group's sites appear here when they are queued."
    />
  );
}
