import { Badge, Tooltip } from '@mantine/core';
import type { Ticket } from '@towerwatch/contract';
import { TICKET_STATUS_LABELS, type TicketSeverity, type TicketStatus } from '@towerwatch/domain';
import { slaView } from '../ticket-model.ts';

const STATUS_COLOUR: Record<TicketStatus, string> = {
  acknowledged: 'blue',
  inProgress: 'indigo',
  pending: 'yellow',
  held: 'orange',
  resolved: 'teal',
  closed: 'gray',
  cancelled: 'gray',
};
const SEVERITY_COLOUR: Record<TicketSeverity, string> = { critical: 'red', major: 'orange', minor: 'yellow' };

export function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOUR[status]} data-testid="ticket-status">
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

export function SeverityBadge({ severity }: { severity: TicketSeverity }) {
  return (
    <Badge variant="dot" color={SEVERITY_COLOUR[severity]}>
      {severity}
    </Badge>
  );
}

/** The SLA countdown of a ticket at `now`: the clock that matters, paused in pending/held. */
export function SlaBadge({ ticket, now }: { ticket: Ticket; now: Date }) {
  const view = slaView(ticket, now);
  return (
    <Tooltip label={`${view.label} SLA${view.paused ? ' (paused while pending or held)' : ''}`}>
      <Badge
        variant={view.breached ? 'filled' : 'light'}
        color={view.colour}
        data-testid="sla-countdown"
        data-paused={view.paused}
        data-breached={view.breached}
        style={{ textTransform: 'none' }}
      >
        {view.label}: {view.text}
      </Badge>
    </Tooltip>
  );
}
