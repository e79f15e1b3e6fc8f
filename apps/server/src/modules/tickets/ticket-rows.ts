/** Ticket rows as the repository reads them, and their mapping to the contract's shapes. */
import type { Ticket, TicketAlarmLink } from '@towerwatch/contract';
import type { TicketPriority, TicketSeverity, TicketStatus, TicketType } from '@towerwatch/domain';

export interface TicketRow {
  id: string | number;
  company_id: string;
  site_uid: string;
  site_name: string;
  tenant: string;
  title: string;
  description: string;
  type: TicketType;
  severity: TicketSeverity;
  priority: TicketPriority;
  status: TicketStatus;
  assignee_uid: string | null;
  assignee_name: string | null;
  created_by: string;
  created_by_name: string;
  requested_at: Date;
  acknowledged_at: Date | null;
  resolved_at: Date | null;
  updated_at: Date;
  paused_ms: string | number;
  paused_since: Date | null;
  acknowledge_paused_ms: string | number | null;
  sla_acknowledge_minutes: number;
  sla_resolve_minutes: number;
  /** json_agg of the links (timestamps as JSON strings). */
  alarms: Array<Omit<TicketAlarmLink, 'eventId'> & { eventId: number | string | null }>;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function toTicket(r: TicketRow): Ticket {
  const alarms = r.alarms.map((a) => ({
    ...a,
    eventId: a.eventId === null ? null : Number(a.eventId),
    linkedAt: iso(a.linkedAt) ?? '',
    raisedAt: iso(a.raisedAt),
    clearedAt: iso(a.clearedAt),
  }));
  const open = r.status !== 'resolved' && r.status !== 'closed' && r.status !== 'cancelled';
  return {
    id: Number(r.id),
    title: r.title,
    description: r.description,
    type: r.type,
    severity: r.severity,
    priority: r.priority,
    status: r.status,
    siteUid: r.site_uid,
    siteName: r.site_name,
    tenant: r.tenant,
    assigneeUid: r.assignee_uid,
    assigneeName: r.assignee_name,
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    requestedAt: r.requested_at.toISOString(),
    acknowledgedAt: iso(r.acknowledged_at),
    resolvedAt: iso(r.resolved_at),
    updatedAt: r.updated_at.toISOString(),
    pausedMs: Number(r.paused_ms),
    pausedSince: iso(r.paused_since),
    acknowledgePausedMs: r.acknowledge_paused_ms === null ? null : Number(r.acknowledge_paused_ms),
    sla: { acknowledgeMinutes: r.sla_acknowledge_minutes, resolveMinutes: r.sla_resolve_minutes },
    alarms,
    alarmsCleared: open && alarms.length > 0 && alarms.every((a) => a.cleared),
  };
}
