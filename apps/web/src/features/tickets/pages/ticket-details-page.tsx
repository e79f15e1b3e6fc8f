import { Alert, Anchor, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, type TicketDetailsReply } from '@towerwatch/contract';
import { eventDisplayName, isReadOnly, isTicketOpen, ROUTES, tenantLabel } from '@towerwatch/domain';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { useAuthUser } from '../../auth/index.ts';
import { ticketDetailsQueryOptions, ticketKeys, updateTicket } from '../api/tickets-api.ts';
import { SeverityBadge, StatusBadge } from '../components/ticket-badges.tsx';
import { TicketAttachments } from '../components/ticket-attachments.tsx';
import { TicketEvidence } from '../components/ticket-evidence.tsx';
import { TicketNotes } from '../components/ticket-notes.tsx';
import { TicketSlaPanel } from '../components/ticket-sla-panel.tsx';
import { TicketStatusActions } from '../components/ticket-status-actions.tsx';
import { useLiveTickets } from '../hooks/use-live-tickets.ts';
import { useNow } from '../hooks/use-now.ts';

/**
 * /ticket/details?id= (docs/requirements.md#ticket-screens), behind the ticket guard: status with
 * its allowed changes (reasons), assignee, SLA countdowns, "alarms cleared — resolve?", notes,
 * attachments, and the evidence of its time (alarm timeline, door records, history). Live updates
 * refresh it.
 */
export function TicketDetailsPage() {
  const user = useAuthUser();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const details = useQuery({ ...ticketDetailsQueryOptions(valid ? id : 0), enabled: valid });
  useLiveTickets(user.uid);
  const queryClient = useQueryClient();
  // The alarms of the ticket's site changed (a linked one raised or cleared): "alarms cleared —
  // resolve?" may change.
  useLiveMessages((message) => {
    const t = details.data?.ticket;
    if (message.event !== LIVE_EVENTS.SITE_STATUS_UPDATED || !t || t.alarms.length === 0) return;
    if (message.payload.siteUid !== t.siteUid) return;
    const linked = message.payload.alarms.filter((a) => t.alarms.some((l) => l.alarmId === a.id));
    const clearedNow = linked.length > 0 && linked.every((a) => a.isNormal);
    if (clearedNow !== t.alarmsCleared)
      void queryClient.invalidateQueries({ queryKey: ticketKeys.details(t.id) });
  });
  if (!valid)
    return (
      <Alert color="yellow">
        Choose a ticket from the{' '}
        <Anchor component={Link} to={ROUTES.ticket}>
          ticket list
        </Anchor>
        .
      </Alert>
    );
  if (details.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  if (details.isError) {
    return (
      <Alert color="red" title="The ticket could not be loaded">
        {errorMessage(details.error)} ·{' '}
        <Anchor component={Link} to={ROUTES.ticket}>
          Back to the tickets
        </Anchor>
      </Alert>
    );
  }
  return <TicketDetails details={details.data} />;
}

function TicketDetails({ details }: { details: TicketDetailsReply }) {
  const user = useAuthUser();
  const now = useNow();
  const queryClient = useQueryClient();
  const { ticket } = details;
  const canWrite = !isReadOnly(user);
  const open = isTicketOpen(ticket.status);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ticketKeys.details(ticket.id) });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
  };
  const assign = async (uid: string | null) => {
    try {
      await updateTicket({ id: ticket.id, assigneeUid: uid });
      refresh();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const resolve = async () => {
    try {
      await updateTicket({ id: ticket.id, status: 'resolved', reason: 'Alarms cleared' });
      refresh();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            <Anchor component={Link} to={ROUTES.ticket} size="sm">
              Tickets
            </Anchor>{' '}
            / #{ticket.id}
          </Text>
          <Title order={2}>{ticket.title}</Title>
          <Group gap="xs" mt={4}>
            <StatusBadge status={ticket.status} />
            <SeverityBadge severity={ticket.severity} />
            <Text size="sm" c="dimmed">
              {ticket.type} · {ticket.priority} priority · {ticket.siteName} ({ticket.siteUid})
              {ticket.tenant ? ` · ${tenantLabel(ticket.tenant)}` : ''} · opened by {ticket.createdByName}{' '}
              {formatDateTime(ticket.requestedAt)}
            </Text>
          </Group>
        </div>
        {canWrite && <TicketStatusActions ticket={ticket} onChanged={refresh} />}
      </Group>
      {ticket.alarmsCleared && open && (
        <Alert color="teal" title="Alarms cleared — resolve?" data-testid="alarms-cleared">
          <Group justify="space-between">
            <Text size="sm">
              Every alarm linked to this ticket has cleared. The ticket stays open until someone resolves it.
            </Text>
            {canWrite && (
              <Button size="xs" onClick={() => void resolve()}>
                Resolve
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <TicketSlaPanel ticket={ticket} now={now} />
      <Paper withBorder radius="md" p="md">
        <Group gap="lg" align="flex-end">
          <Select
            label="Assignee"
            placeholder="Unassigned"
            data={details.assignees.map((a) => ({ value: a.uid, label: a.name }))}
            value={ticket.assigneeUid}
            onChange={(uid) => void assign(uid)}
            clearable
            searchable
            disabled={!canWrite || !open}
            w={280}
          />
          <Text size="sm" c="dimmed">
            Linked alarms:{' '}
            {ticket.alarms.length === 0
              ? 'none'
              : ticket.alarms
                  .map(
                    (a) =>
                      `${eventDisplayName(a.alarmId, user.company_code)}${a.tenant ? ` (${tenantLabel(a.tenant)})` : ''}${a.cleared ? ' ✓ cleared' : ' — active'}`,
                  )
                  .join(', ')}
          </Text>
        </Group>
        {ticket.description && (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {ticket.description}
          </Text>
        )}
      </Paper>
      <TicketEvidence details={details} user={user} />
      <Group grow align="flex-start" wrap="wrap">
        <TicketNotes ticketId={ticket.id} notes={details.notes} canWrite={canWrite} onAdded={refresh} />
        <TicketAttachments
          ticketId={ticket.id}
          attachments={details.attachments}
          canWrite={canWrite}
          onAdded={refresh}
        />
      </Group>
    </Stack>
  );
}
