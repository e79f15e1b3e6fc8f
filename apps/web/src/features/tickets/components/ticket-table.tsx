import { Anchor, Table, Text } from '@mantine/core';
import type { Ticket } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/time.ts';
import { SeverityBadge, SlaBadge, StatusBadge } from './ticket-badges.tsx';

export const detailsPath = (id: number) => `${ROUTES.ticketDetails}?id=${id}`;

/** The ticket list's rows: number, title, site, severity, status, assignee, SLA countdown, opened. */
export function TicketTable({ tickets, now }: { tickets: readonly Ticket[]; now: Date }) {
  return (
    <Table striped highlightOnHover verticalSpacing={6} aria-label="Tickets">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Title</Table.Th>
          <Table.Th>Site</Table.Th>
          <Table.Th>Severity</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Assignee</Table.Th>
          <Table.Th>SLA</Table.Th>
          <Table.Th>Opened</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tickets.map((t) => (
          <Table.Tr key={t.id} data-ticket-id={t.id} aria-label={t.title}>
            <Table.Td>{t.id}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={detailsPath(t.id)} fw={600} size="sm">
                {t.title}
              </Anchor>
              {t.alarmsCleared && (
                <Text size="xs" c="teal">
                  Alarms cleared — resolve?
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t.siteName}</Text>
              <Text size="xs" c="dimmed">
                {t.siteUid}
              </Text>
            </Table.Td>
            <Table.Td>
              <SeverityBadge severity={t.severity} />
            </Table.Td>
            <Table.Td>
              <StatusBadge status={t.status} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t.assigneeName ?? '—'}</Text>
            </Table.Td>
            <Table.Td>
              <SlaBadge ticket={t} now={now} />
            </Table.Td>
            <Table.Td>
              <Text size="xs" c="dimmed">
                {formatDateTime(t.requestedAt)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
