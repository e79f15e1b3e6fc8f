import { Badge, Table, Text } from '@mantine/core';
import { tenantLabel } from '@towerwatch/domain';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/time.ts';
import type { AlarmRow } from '../site-overview-model.ts';

const STATE_COLOUR = { raised: 'red', normal: 'teal', paused: 'violet', unavailable: 'gray' } as const;
const STATE_LABEL = {
  raised: 'Alarm',
  normal: 'Normal',
  paused: 'Paused',
  unavailable: 'Not installed',
} as const;

/** Alarms with their YES/NO-style values (docs/requirements.md#alarm-values) and state. */
export function AlarmTable({
  rows,
  action,
}: {
  rows: readonly AlarmRow[];
  action?: (row: AlarmRow) => ReactNode;
}) {
  return (
    // A phone scrolls the table inside its box, not the page (docs/requirements.md#phone-layout).
    <Table.ScrollContainer minWidth={action ? 520 : 460}>
      <Table striped highlightOnHover verticalSpacing={6} aria-label="Site alarms">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Alarm</Table.Th>
            <Table.Th>Tenant</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Since</Table.Th>
            {action && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-alarm-id={row.id} aria-label={row.name}>
              <Table.Td>
                <Text size="sm" fw={row.state === 'raised' ? 700 : 400}>
                  {row.name}
                </Text>
              </Table.Td>
              <Table.Td>{row.tenant ? tenantLabel(row.tenant) : '—'}</Table.Td>
              <Table.Td data-testid="alarm-value">{row.state === 'unavailable' ? '—' : row.display}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={STATE_COLOUR[row.state]} miw="max-content">
                  {STATE_LABEL[row.state]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {row.lastEvent ? formatDateTime(row.lastEvent) : '—'}
                </Text>
              </Table.Td>
              {action && <Table.Td>{action(row)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
