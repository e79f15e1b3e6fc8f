import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { DeviceHealthItem } from '@towerwatch/contract';
import { companyLabel, FLAPPING_OFFLINE_PER_DAY } from '@towerwatch/domain';
import { formatDateTime } from '../../../lib/time.ts';
import type { SortableColumn } from '../../../ui/sortable-table.tsx';
import { rejectionSummary, statusLabel } from '../monitor-model.ts';

/** Columns of the device health table. */
export const HEALTH_COLUMNS: readonly SortableColumn<DeviceHealthItem>[] = [
  {
    key: 'comId',
    label: 'Device',
    value: (d) => d.comId,
    render: (d) => (
      <Text fw={600} size="sm">
        {d.comId}
      </Text>
    ),
  },
  {
    key: 'site',
    label: 'Site',
    width: 190,
    value: (d) => d.siteName,
    render: (d) => (
      <Text size="sm" truncate="end" title={d.siteUid ?? undefined}>
        {d.siteName ?? '–'}
      </Text>
    ),
  },
  {
    key: 'company',
    label: 'Company',
    width: 110,
    value: (d) => d.companyId,
    render: (d) => (d.companyId ? companyLabel(d.companyId) : '–'),
  },
  {
    key: 'status',
    label: 'Status',
    width: 200,
    value: (d) => (d.online ? 0 : d.lastSeen ? Date.now() - Date.parse(d.lastSeen) : Number.MAX_SAFE_INTEGER),
    render: (d) => (
      <Group gap={4} wrap="nowrap">
        <Badge color={d.online ? 'teal' : 'red'} variant="light" data-testid="device-status">
          {statusLabel(d)}
        </Badge>
        {d.flapping && (
          <Tooltip
            label={`Went offline ${d.offlineTransitions24h} times in 24 h (more than ${FLAPPING_OFFLINE_PER_DAY})`}
          >
            <Badge color="orange" variant="filled">
              Flapping
            </Badge>
          </Tooltip>
        )}
      </Group>
    ),
  },
  {
    key: 'lastSeen',
    label: 'Last seen',
    width: 185,
    value: (d) => (d.lastSeen ? Date.parse(d.lastSeen) : null),
    render: (d) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {d.lastSeen ? formatDateTime(d.lastSeen) : 'Never'}
      </Text>
    ),
  },
  { key: 'rate', label: 'Msgs / h', width: 110, value: (d) => d.messagesLastHour, align: 'right' },
  {
    key: 'offline24h',
    label: 'Offline 24 h',
    width: 135,
    value: (d) => d.offlineTransitions24h,
    align: 'right',
  },
  {
    key: 'rejected',
    label: 'Refused',
    value: (d) => d.rejectedTotal,
    align: 'right',
    render: (d) =>
      d.rejectedTotal === 0 ? (
        '0'
      ) : (
        <Tooltip label={rejectionSummary(d.rejected)}>
          <Text size="sm" c="red.7" fw={600}>
            {d.rejectedTotal}{' '}
            <Text span size="xs" c="dimmed">
              ({rejectionSummary(d.rejected)})
            </Text>
          </Text>
        </Tooltip>
      ),
  },
  { key: 'firmware', label: 'Firmware', width: 100, value: (d) => d.firmware },
];
