/**
 * Pure logic of the ticket screens: list filters from the URL, the live prepend rule, the SLA
 * display (docs/requirements.md#ticket-sla) and a ticket prefilled from an alarm or event.
 */
import type { Ticket, TicketCreateBody } from '@towerwatch/contract';
import {
  isTicketOpen,
  ROUTES,
  TICKET_STATUSES,
  TICKET_TYPES,
  type TicketStatus,
  type TicketType,
  ticketSlaState,
  ticketTypeOfAlarm,
} from '@towerwatch/domain';

/** The list's filters (kept in the URL). */
export interface TicketListFilter {
  status: TicketStatus[];
  siteUid: string | null;
  /** `me`, `none` or null (anyone). */
  assignee: 'me' | 'none' | null;
  search: string;
}

export function filterFromParams(params: URLSearchParams): TicketListFilter {
  const status = (params.get('status') ?? '')
    .split(',')
    .filter((s): s is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(s));
  const assignee = params.get('assignee');
  return {
    status,
    siteUid: params.get('site') || null,
    assignee: assignee === 'me' || assignee === 'none' ? assignee : null,
    search: params.get('q') ?? '',
  };
}

/** True when a (new) ticket belongs in a list with this filter: the live prepend rule. */
export function ticketMatches(ticket: Ticket, f: TicketListFilter, userUid: string): boolean {
  if (f.status.length > 0 && !f.status.includes(ticket.status)) return false;
  if (f.siteUid && ticket.siteUid !== f.siteUid) return false;
  if (f.assignee === 'me' && ticket.assigneeUid !== userUid) return false;
  if (f.assignee === 'none' && ticket.assigneeUid !== null) return false;
  const q = f.search.trim().toLowerCase();
  if (q) {
    const hay = `${ticket.title} ${ticket.description} ${ticket.siteName} ${ticket.siteUid} #${ticket.id}`;
    if (!hay.toLowerCase().includes(q.replace(/^#/, '')) && `#${ticket.id}` !== q) return false;
  }
  return true;
}

/** Prepends `ticket` to pages of a list unless it is already there (a create seen twice). */
export function prependTicket<P extends { items: Ticket[]; total: number }>(pages: P[], ticket: Ticket): P[] {
  if (pages.some((p) => p.items.some((t) => t.id === ticket.id))) return pages;
  const [first, ...rest] = pages;
  if (!first) return pages;
  return [{ ...first, items: [ticket, ...first.items], total: first.total + 1 }, ...rest];
}

/** "1 h 05 min", "12 min 30 s", "45 s" for a duration in milliseconds (absolute value). */
export function formatCountdown(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h >= 24) return `${Math.floor(h / 24)} d ${h % 24} h`;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

/** What the SLA cell shows: the clock that matters now, its text and colour. */
export interface SlaView {
  label: string;
  text: string;
  colour: 'red' | 'orange' | 'teal' | 'gray' | 'violet';
  paused: boolean;
  breached: boolean;
}

export function slaView(ticket: Ticket, now: Date): SlaView {
  const s = ticketSlaState(ticket, now);
  const open = isTicketOpen(ticket.status);
  const clock = !s.acknowledge.met && open ? s.acknowledge : s.resolve;
  const label = !s.acknowledge.met && open ? 'Acknowledge' : 'Resolve';
  const breached = clock.breached;
  if (!open && clock.met) {
    return {
      label,
      text: breached ? `Resolved ${formatCountdown(clock.remainingMs)} late` : 'Resolved in time',
      colour: breached ? 'red' : 'teal',
      paused: false,
      breached,
    };
  }
  if (!open) return { label, text: 'Stopped', colour: 'gray', paused: false, breached };
  const text = breached
    ? `${formatCountdown(clock.remainingMs)} overdue`
    : `${formatCountdown(clock.remainingMs)} left`;
  const colour = s.paused ? 'violet' : breached ? 'red' : clock.remainingMs < 15 * 60_000 ? 'orange' : 'teal';
  return { label, text: s.paused ? `${text} · paused` : text, colour, paused: s.paused, breached };
}

/** A ticket prefilled from /ticket/create?site=&alarm=&tenant=&event=&name= (an alarm or event). */
export function prefillFromParams(
  params: URLSearchParams,
): Partial<TicketCreateBody> & { siteName?: string } {
  const siteUid = params.get('site') ?? undefined;
  const alarmId = params.get('alarm') ?? undefined;
  const eventId = Number(params.get('event'));
  const name = params.get('name') ?? alarmId;
  const siteName = params.get('siteName') ?? undefined;
  const type = params.get('type');
  return {
    siteUid,
    siteName,
    ...(alarmId ? { alarm: { alarmId, tenant: params.get('tenant') ?? '' } } : {}),
    ...(Number.isInteger(eventId) && eventId > 0 ? { eventId } : {}),
    ...(name ? { title: siteName ? `${name} at ${siteName}` : name } : {}),
    type:
      type && (TICKET_TYPES as readonly string[]).includes(type)
        ? (type as TicketType)
        : alarmId
          ? ticketTypeOfAlarm(alarmId)
          : undefined,
    severity: alarmId ? 'major' : undefined,
  };
}

/** The /ticket/create link of an alarm or event. */
export function createTicketPath(from: {
  siteUid: string;
  siteName?: string;
  alarmId?: string;
  tenant?: string | null;
  eventId?: number;
  name?: string;
}): string {
  const q = new URLSearchParams({ site: from.siteUid });
  if (from.siteName) q.set('siteName', from.siteName);
  if (from.alarmId) q.set('alarm', from.alarmId);
  if (from.tenant) q.set('tenant', from.tenant);
  if (from.eventId) q.set('event', String(from.eventId));
  if (from.name) q.set('name', from.name);
  return `${ROUTES.ticketCreate}?${q.toString()}`;
}
