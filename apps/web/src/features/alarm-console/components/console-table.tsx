import { Badge, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import type { AlarmConsoleRow, AuthUser } from '@towerwatch/contract';
import { eventDisplayName, formatDuration, isReadOnly, tenantLabel } from '@towerwatch/domain';
import { formatDateTime } from '../../../lib/time.ts';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import { OpenSiteButton } from '../../../ui/table-pager.tsx';
import { CreateTicketLink } from '../../tickets/index.ts';

const ROW_HEIGHT = 52;
/** An active emergency alarm's row: red tint and a red edge (docs/requirements.md#emergency-alarm). */
const EMERGENCY_ROW = {
  background: 'rgba(250, 82, 82, 0.16)',
  boxShadow: 'inset 4px 0 0 var(--mantine-color-red-6)',
};

/** "raised 10:00 → cleared 10:12 (0hr 12m)" or "active for 1hr 5m". */
function lifetime(row: AlarmConsoleRow, now: number): string {
  const raised = Date.parse(row.raisedAt);
  if (row.active) return `active for ${formatDuration((now - raised) / 1000)}`;
  if (!row.clearedAt) return 'cleared';
  return `cleared ${formatDateTime(row.clearedAt)} (${formatDuration((Date.parse(row.clearedAt) - raised) / 1000)})`;
}

export interface ConsoleTableProps {
  user: AuthUser;
  rows: AlarmConsoleRow[];
  now: number;
  selected: ReadonlySet<string>;
  selectable: readonly string[];
  onSelect: (keys: string[], on: boolean) => void;
  sort: 'newest' | 'oldest';
  onSort: (sort: 'newest' | 'oldest') => void;
  onOpen: (row: AlarmConsoleRow) => void;
  onEndReached: () => void;
  emptyText: string;
}

/** The console rows in the one table component: virtual rows, the server's order, emergencies marked. */
export function ConsoleTable(p: ConsoleTableProps) {
  const canAct = !isReadOnly(p.user);
  const all = p.selectable.length > 0 && p.selectable.every((k) => p.selected.has(k));
  const columns: SortableColumn<AlarmConsoleRow>[] = [
    ...(canAct
      ? [
          {
            key: 'select',
            label: 'Select',
            sortable: false,
            width: 44,
            value: () => null,
            header: (
              <Checkbox
                aria-label="Select every row"
                checked={all}
                indeterminate={!all && p.selected.size > 0}
                onChange={(e) => p.onSelect([...p.selectable], e.currentTarget.checked)}
              />
            ),
            render: (r: AlarmConsoleRow) =>
              r.eventId !== null && !r.acknowledgedBy ? (
                <Checkbox
                  aria-label={`Select ${r.siteName} ${r.name}`}
                  checked={p.selected.has(r.key)}
                  onChange={(e) => p.onSelect([r.key], e.currentTarget.checked)}
                />
              ) : null,
          } satisfies SortableColumn<AlarmConsoleRow>,
        ]
      : []),
    {
      key: 'alarm',
      label: 'Alarm',
      sortable: false,
      width: 230,
      value: (r) => r.name,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          {r.emergency && (
            <Tooltip label="Emergency alarm">
              <IconAlertOctagon size={18} color="var(--mantine-color-red-6)" aria-label="Emergency" />
            </Tooltip>
          )}
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate data-testid="console-alarm">
              {eventDisplayName(r.name, p.user.company_code)}
            </Text>
            <Text size="xs" c="dimmed">
              {r.group}
              {r.tenant ? ` · ${tenantLabel(r.tenant)}` : ''}
            </Text>
          </div>
        </Group>
      ),
    },
    {
      key: 'site',
      label: 'Site',
      sortable: false,
      width: 220,
      value: (r) => r.siteUid,
      render: (r) => (
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {r.siteName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {r.siteUid}
            {r.district ? ` · ${r.district}` : ''}
            {r.division ? `, ${r.division}` : ''}
          </Text>
        </div>
      ),
    },
    {
      key: 'raised',
      label: 'Raised',
      width: 250,
      value: (r) => Date.parse(r.raisedAt),
      render: (r) => (
        <div>
          <Text size="sm">{formatDateTime(r.raisedAt)}</Text>
          <Text size="xs" c="dimmed" data-testid="console-lifetime">
            {lifetime(r, p.now)}
          </Text>
        </div>
      ),
    },
    {
      key: 'state',
      label: 'State',
      sortable: false,
      width: 200,
      value: (r) => (r.active ? 1 : 0),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Badge
            size="sm"
            variant={r.active ? 'filled' : 'light'}
            color={r.active ? 'red' : 'teal'}
            data-testid="console-state"
          >
            {r.active ? 'Active' : 'Cleared'}
          </Badge>
          {r.acknowledgedBy ? (
            <Text size="xs" c="dimmed" truncate data-testid="console-ack">
              ack. {r.acknowledgedByName ?? r.acknowledgedBy}
            </Text>
          ) : (
            <Text size="xs" c="orange" data-testid="console-ack">
              not acknowledged
            </Text>
          )}
        </Group>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      sortable: false,
      width: 200,
      value: () => null,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <OpenSiteButton siteName={r.siteName} onOpen={() => p.onOpen(r)} />
          {canAct && r.active && r.eventId !== null && (
            <CreateTicketLink
              siteUid={r.siteUid}
              siteName={r.siteName}
              alarmId={r.alarmId}
              tenant={r.tenant}
              eventId={r.eventId}
              name={eventDisplayName(r.name, p.user.company_code)}
            />
          )}
        </Group>
      ),
    },
  ];
  return (
    <SortableTable
      caption="Alarm console"
      columns={columns}
      rows={p.rows}
      rowKey={(r) => r.key}
      emptyText={p.emptyText}
      virtual={{ height: 'calc(100dvh - 300px)', rowHeight: ROW_HEIGHT }}
      testId="alarm-console-rows"
      serverSort={{
        key: 'raised',
        direction: p.sort === 'newest' ? 'desc' : 'asc',
        onChange: (_, direction) => p.onSort(direction === 'desc' ? 'newest' : 'oldest'),
      }}
      rowProps={(r) => ({
        data: { 'row-key': r.key, emergency: r.emergency ? 'true' : undefined },
        style: r.emergency && r.active ? EMERGENCY_ROW : undefined,
      })}
      onEndReached={p.onEndReached}
    />
  );
}
