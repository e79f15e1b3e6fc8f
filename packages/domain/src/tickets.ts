/**
 * Support tickets (docs/requirements.md#tickets): types, statuses and their allowed transitions,
 * severities, priorities, SLA targets per severity with the pause rule, and the attachment cap.
 * The model follows TM Forum TMF621 (trouble ticket): status history, related entities (site,
 * alarms), requested and resolution dates.
 */

/** Ticket types (docs/requirements.md#ticket-model). */
export const TICKET_TYPES = ['power', 'access', 'environment', 'device', 'other'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** Ticket statuses (TMF621 names, docs/requirements.md#ticket-model); a new ticket is `acknowledged`. */
export const TICKET_STATUSES = [
  'acknowledged',
  'inProgress',
  'pending',
  'held',
  'resolved',
  'closed',
  'cancelled',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The status of a new ticket. */
export const TICKET_INITIAL_STATUS: TicketStatus = 'acknowledged';

/** Status labels for screens. */
export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = {
  acknowledged: 'Acknowledged',
  inProgress: 'In progress',
  pending: 'Pending',
  held: 'Held',
  resolved: 'Resolved',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/**
 * Allowed transitions (docs/requirements.md#ticket-transitions). Closed and cancelled are final; a
 * resolved ticket may be closed or reopened (back to in progress).
 */
export const TICKET_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  acknowledged: ['inProgress', 'pending', 'held', 'resolved', 'cancelled'],
  inProgress: ['pending', 'held', 'resolved', 'cancelled'],
  pending: ['inProgress', 'held', 'resolved', 'cancelled'],
  held: ['inProgress', 'pending', 'cancelled'],
  resolved: ['closed', 'inProgress'],
  closed: [],
  cancelled: [],
};

/** True when a ticket may move from `from` to `to`. */
export function canTransitionTicket(from: TicketStatus, to: TicketStatus): boolean {
  return TICKET_TRANSITIONS[from].includes(to);
}

/** Statuses in which the ticket is still open (an alarm links to an open ticket instead of a new one). */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = [
  'acknowledged',
  'inProgress',
  'pending',
  'held',
];

/** True when the ticket is open (not resolved, closed or cancelled). */
export function isTicketOpen(status: TicketStatus): boolean {
  return OPEN_TICKET_STATUSES.includes(status);
}

/** Statuses that pause the SLA clocks (docs/requirements.md#ticket-sla): waiting on someone else. */
export const SLA_PAUSED_STATUSES: readonly TicketStatus[] = ['pending', 'held'];

/** True when the SLA clocks stand still in `status`. */
export function isSlaPaused(status: TicketStatus): boolean {
  return SLA_PAUSED_STATUSES.includes(status);
}

/** A status change must say why when it pauses, cancels or reopens the ticket. */
export function ticketReasonRequired(from: TicketStatus, to: TicketStatus): boolean {
  return (
    to === 'pending' || to === 'held' || to === 'cancelled' || (from === 'resolved' && to === 'inProgress')
  );
}

/** Severities, most severe first. */
export const TICKET_SEVERITIES = ['critical', 'major', 'minor'] as const;
export type TicketSeverity = (typeof TICKET_SEVERITIES)[number];

/** Priorities, most urgent first. */
export const TICKET_PRIORITIES = ['high', 'medium', 'low'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** SLA targets of one severity, in minutes. */
export interface SlaTarget {
  /** From creation to the first move to in progress (someone works on it). */
  acknowledgeMinutes: number;
  /** From creation to resolved. */
  resolveMinutes: number;
}

/** Default SLA targets per severity (docs/requirements.md#ticket-sla); a company may set its own. */
export const DEFAULT_TICKET_SLA: Readonly<Record<TicketSeverity, SlaTarget>> = {
  critical: { acknowledgeMinutes: 15, resolveMinutes: 4 * 60 },
  major: { acknowledgeMinutes: 30, resolveMinutes: 8 * 60 },
  minor: { acknowledgeMinutes: 120, resolveMinutes: 24 * 60 },
};

/** Who may set a company's SLA targets (its company account, superusers; sudo for any company). */
export const SLA_EDITOR_TYPES = ['company', 'superuser', 'sudo'] as const;

/** Attachments: images only, each at most this many bytes (docs/requirements.md#ticket-attachments). */
export const TICKET_ATTACHMENT_MAX_BYTES = 512 * 1024;
/** Image types an attachment may have. */
export const TICKET_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** At most this many attachments per ticket. */
export const TICKET_ATTACHMENTS_PER_TICKET = 20;
/** Tickets per page of the list (an infinite list: more pages exist while the page is full). */
export const TICKET_PAGE_SIZE = 50;

/** What the SLA clocks read from a ticket. */
export interface TicketClock {
  status: TicketStatus;
  /** Creation time (TMF621 requestedDate), ISO. */
  requestedAt: string;
  /** First move to in progress, ISO, or null. */
  acknowledgedAt: string | null;
  /** When it was resolved (or cancelled/closed without resolution), ISO, or null. */
  resolvedAt: string | null;
  /** Paused milliseconds before the current pause. */
  pausedMs: number;
  /** Start of the current pause (pending/held), ISO, or null. */
  pausedSince: string | null;
  /** `pausedMs` when it was acknowledged (later pauses do not move a met clock); null until then. */
  acknowledgePausedMs: number | null;
  sla: SlaTarget;
}

/** One SLA clock: remaining time (negative = overdue), stopped when met. */
export interface SlaClock {
  /** Milliseconds left until the target (negative when breached); frozen once met or paused. */
  remainingMs: number;
  breached: boolean;
  /** The target was reached (acknowledged / resolved). */
  met: boolean;
}

/** Both clocks of a ticket and whether they are paused. */
export interface TicketSlaState {
  acknowledge: SlaClock;
  resolve: SlaClock;
  paused: boolean;
  /** Number of breached clocks (0–2). */
  breaches: number;
}

const ms = (iso: string) => Date.parse(iso);

/**
 * Active (not paused) milliseconds from creation to `doneAt`, or while running to `now`. A running
 * clock that is paused stopped at `pausedSince` (whatever the reader's clock says).
 */
function activeMs(t: TicketClock, doneAt: string | null, pausedAtDone: number, now: number): number {
  if (doneAt) return ms(doneAt) - ms(t.requestedAt) - pausedAtDone;
  const end = t.pausedSince ? ms(t.pausedSince) : now;
  return end - ms(t.requestedAt) - t.pausedMs;
}

function clock(
  t: TicketClock,
  targetMinutes: number,
  doneAt: string | null,
  pausedAtDone: number,
  now: number,
): SlaClock {
  const remainingMs = targetMinutes * 60_000 - activeMs(t, doneAt, pausedAtDone, now);
  return { remainingMs, breached: remainingMs < 0, met: doneAt !== null };
}

/**
 * The SLA clocks of a ticket at `now` (docs/requirements.md#ticket-sla): time counts from creation,
 * minus the time spent pending or held; a clock stops when its target is reached.
 */
export function ticketSlaState(t: TicketClock, now: Date): TicketSlaState {
  const at = now.getTime();
  const acknowledge = clock(
    t,
    t.sla.acknowledgeMinutes,
    t.acknowledgedAt,
    t.acknowledgePausedMs ?? t.pausedMs,
    at,
  );
  // A ticket leaves pending/held when it is resolved, so its pausedMs then is the resolve clock's.
  const resolve = clock(t, t.sla.resolveMinutes, t.resolvedAt, t.pausedMs, at);
  return {
    acknowledge,
    resolve,
    paused: t.pausedSince !== null,
    breaches: Number(acknowledge.breached) + Number(resolve.breached),
  };
}
