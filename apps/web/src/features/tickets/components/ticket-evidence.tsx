import { Badge, Group, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AuthUser, TicketDetailsReply } from '@towerwatch/contract';
import { eventDisplayName, TICKET_STATUS_LABELS, tenantLabel } from '@towerwatch/domain';
import { formatDateTime } from '../../../lib/time.ts';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * The evidence of a ticket's time (docs/requirements.md#ticket-details): the events of its linked
 * alarms (the alarm timeline), the site's door records (card swipes and door events) while it was
 * open, and the status history.
 */
export function TicketEvidence({ details, user }: { details: TicketDetailsReply; user: AuthUser }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Paper withBorder radius="md" p="md">
        <Title order={4}>Alarm timeline</Title>
        <ScrollArea.Autosize mah={320}>
          {details.timeline.length === 0 ? (
            <Text size="sm" c="dimmed">
              {details.ticket.alarms.length === 0
                ? 'No alarm is linked to this ticket.'
                : 'No events of the linked alarms.'}
            </Text>
          ) : (
            <Stack component="ul" gap={4} aria-label="Alarm timeline" style={listStyle}>
              {details.timeline.map((e) => (
                <Group component="li" key={e.id} gap="xs" wrap="nowrap">
                  <Badge size="xs" color={e.active ? 'red' : 'teal'} variant="light">
                    {e.active ? 'Raised' : 'Cleared'}
                  </Badge>
                  <Text size="sm">
                    {eventDisplayName(e.name, user.company_code)}
                    {e.tenant ? ` · ${tenantLabel(e.tenant)}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed" ml="auto">
                    {formatDateTime(e.time)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={4}>Door records</Title>
        <ScrollArea.Autosize mah={320}>
          {details.doorRecords.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nobody opened the door or swiped a card while the ticket was open.
            </Text>
          ) : (
            <Stack component="ul" gap={4} aria-label="Door records" style={listStyle}>
              {details.doorRecords.map((d) => (
                <Group component="li" key={`${d.kind}-${d.time}-${d.label}`} gap="xs" wrap="nowrap">
                  <Badge size="xs" variant="light" color={d.granted === false ? 'red' : 'blue'}>
                    {d.kind === 'card' ? (d.granted ? 'Card granted' : 'Card refused') : 'Door'}
                  </Badge>
                  <Text size="sm">
                    {d.kind === 'card' ? d.label : eventDisplayName(d.label, user.company_code)}
                  </Text>
                  <Text size="xs" c="dimmed" ml="auto">
                    {formatDateTime(d.time)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={4}>History</Title>
        <Stack component="ul" gap={6} aria-label="Status history" style={listStyle}>
          {details.history.map((h) => (
            <li key={`${h.at}-${h.to}`}>
              <Text size="sm">
                {h.from ? `${TICKET_STATUS_LABELS[h.from]} → ` : 'Opened: '}
                {TICKET_STATUS_LABELS[h.to]}
                {h.reason ? ` — ${h.reason}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {h.byName} · {formatDateTime(h.at)}
              </Text>
            </li>
          ))}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
