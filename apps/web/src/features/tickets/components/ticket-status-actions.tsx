import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Ticket } from '@towerwatch/contract';
import {
  TICKET_STATUS_LABELS,
  TICKET_TRANSITIONS,
  type TicketStatus,
  ticketReasonRequired,
} from '@towerwatch/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { updateTicket } from '../api/tickets-api.ts';

/** Verb of each target status on its button. */
const VERB: Record<TicketStatus, string> = {
  acknowledged: 'Acknowledge',
  inProgress: 'Start work',
  pending: 'Set pending',
  held: 'Hold',
  resolved: 'Resolve',
  closed: 'Close',
  cancelled: 'Cancel ticket',
};

/**
 * The allowed next statuses of a ticket (docs/requirements.md#ticket-transitions) as buttons; each
 * asks for a reason (required when it pauses, cancels or reopens the ticket).
 */
export function TicketStatusActions({ ticket, onChanged }: { ticket: Ticket; onChanged: () => void }) {
  const [target, setTarget] = useState<TicketStatus | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const next = TICKET_TRANSITIONS[ticket.status];
  const from = ticket.status;
  const required = target ? ticketReasonRequired(from, target) : false;
  const verb = (to: TicketStatus) => (from === 'resolved' && to === 'inProgress' ? 'Reopen' : VERB[to]);

  const submit = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await updateTicket({ id: ticket.id, status: target, reason: reason.trim() || undefined });
      notifications.show({
        color: 'teal',
        message: `Ticket #${ticket.id} is ${TICKET_STATUS_LABELS[target].toLowerCase()}.`,
      });
      setTarget(null);
      setReason('');
      onChanged();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  if (next.length === 0) return null;
  return (
    <>
      <Group gap="xs" aria-label="Change status">
        {next.map((to) => (
          <Button
            key={to}
            size="xs"
            variant={
              to === 'cancelled' ? 'subtle' : to === 'resolved' || to === 'inProgress' ? 'filled' : 'light'
            }
            color={to === 'cancelled' ? 'red' : undefined}
            onClick={() => setTarget(to)}
          >
            {verb(to)}
          </Button>
        ))}
      </Group>
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={
          target ? `${verb(target)}: ${TICKET_STATUS_LABELS[from]} → ${TICKET_STATUS_LABELS[target]}` : ''
        }
      >
        <Stack gap="sm">
          <Textarea
            label="Reason"
            description={required ? 'Required for this change' : 'Optional'}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={1000}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTarget(null)}>
              Back
            </Button>
            <Button loading={busy} disabled={required && !reason.trim()} onClick={() => void submit()}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
