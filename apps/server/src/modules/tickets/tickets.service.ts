/**
 * Support tickets (docs/requirements.md#tickets): list, create (an alarm with an open ticket links to
 * it: docs/requirements.md#ticket-alarms), update (allowed transitions, reasons, SLA pause:
 * docs/requirements.md#ticket-sla), and live RMS_TICKET_CREATE / RMS_TICKET_UPDATE to every socket
 * allowed to see the ticket's site and tenant (docs/requirements.md#ticket-live).
 */
import {
  LIVE_EVENTS,
  liveMessage,
  type Ticket,
  type TicketCreateBody,
  type TicketCreateReply,
  type TicketListQuery,
  type TicketListReply,
  type TicketUpdateBody,
  type TicketUpdateReply,
} from '@towerwatch/contract';
import {
  alarmOfRaiseEvent,
  canTransitionTicket,
  isSlaPaused,
  OPEN_TICKET_STATUSES,
  TICKET_INITIAL_STATUS,
  TICKET_STATUS_LABELS,
  ticketReasonRequired,
  ticketSlaState,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { EventBus } from '../../bus/bus.ts';
import type { Clock } from '../../clock.ts';
import { type Pool, withTransaction } from '../../db/pool.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { assertNotReadOnly } from '../../kernel/http/guards.ts';
import { assertTenantsAllowed, requireSite } from '../../kernel/scope/site-scope.ts';
import { isEventTenantVisible } from '../../kernel/scope/sql-scope.ts';
import type { SiteLookup } from '../site/index.ts';
import { slaOf } from './sla.ts';
import { createTicketDetailsRepository } from './ticket-details.repository.ts';
import { toTicket } from './ticket-rows.ts';
import { createTicketsRepository, type TicketChanges, type TicketsRepository } from './tickets.repository.ts';

export interface TicketsServiceDeps {
  pool: Pool;
  sites: SiteLookup;
  clock: Clock;
  bus?: Pick<EventBus, 'publish'>;
}

export function createTicketsService(deps: TicketsServiceDeps) {
  const tickets = createTicketsRepository(deps.pool);

  function publish(
    event: typeof LIVE_EVENTS.RMS_TICKET_CREATE | typeof LIVE_EVENTS.RMS_TICKET_UPDATE,
    t: Ticket,
    companyId: string,
  ) {
    deps.bus?.publish('live', {
      audience: { companyId, siteUid: t.siteUid, tenant: t.tenant === '' ? null : t.tenant },
      message: liveMessage(event, { id: t.id, ticket: t }),
    });
  }

  async function visible(repo: TicketsRepository, caller: Caller, id: number, lock = false) {
    const row = await repo.findVisible(caller, id, lock);
    if (!row) throw new NotFoundError('Ticket not found');
    return row;
  }

  async function checkAssignee(repo: TicketsRepository, companyId: string, uid: string | null | undefined) {
    if (uid === undefined || uid === null) return;
    const found = await repo.assignable(companyId, uid);
    if (found.length === 0) {
      throw new ValidationError(
        'body.assigneeUid',
        "The assignee must be an active user of the site's company",
      );
    }
  }

  return {
    async list(caller: Caller, q: TicketListQuery): Promise<TicketListReply> {
      const filter = {
        statuses: q.status,
        siteUid: q.site_uid,
        assignee: q.assignee === 'me' ? caller.uid : q.assignee === 'none' ? null : q.assignee,
        search: q.search || undefined,
      };
      const [rows, clocks] = await Promise.all([
        tickets.page(caller, filter, q.limit, (q.page - 1) * q.limit),
        tickets.clocks(caller, filter),
      ]);
      const now = deps.clock.now();
      let breaches = 0;
      for (const c of clocks) {
        breaches += ticketSlaState(
          {
            status: c.status,
            requestedAt: c.requested_at.toISOString(),
            acknowledgedAt: c.acknowledged_at?.toISOString() ?? null,
            resolvedAt: c.resolved_at?.toISOString() ?? null,
            pausedMs: Number(c.paused_ms),
            pausedSince: c.paused_since?.toISOString() ?? null,
            acknowledgePausedMs: c.acknowledge_paused_ms === null ? null : Number(c.acknowledge_paused_ms),
            sla: { acknowledgeMinutes: c.sla_acknowledge_minutes, resolveMinutes: c.sla_resolve_minutes },
          },
          now,
        ).breaches;
      }
      return { total: clocks.length, items: rows.map(toTicket), breaches };
    },

    async create(caller: Caller, body: TicketCreateBody): Promise<TicketCreateReply> {
      assertNotReadOnly(caller, 'create tickets');
      const site = await requireSite(deps.sites, caller, body.siteUid, false);
      const details = createTicketDetailsRepository(deps.pool);
      let alarm = body.alarm ? { ...body.alarm, eventId: null as number | null } : undefined;
      if (body.eventId !== undefined) {
        const event = await details.event(body.eventId);
        // An event of a tenant the caller may not see answers as an id of no event.
        if (
          !event ||
          event.site_uid !== site.uid ||
          !isEventTenantVisible(caller, event.tenant, event.name)
        ) {
          throw new ValidationError('body.eventId', 'The event is not an event of this site');
        }
        // An event of an alarm links that alarm (the engine's alarm id, else the alarm its name raises:
        // mains_outage raises ac_line_fail); other events (a DG start, a door) link nothing.
        const alarmId = event.alarm_id ?? alarmOfRaiseEvent(event);
        const isAlarm = alarmId !== null && (await details.alarmExists(site.uid, alarmId, event.tenant));
        alarm = isAlarm ? { alarmId, tenant: event.tenant, eventId: Number(event.id) } : undefined;
      } else if (alarm && !(await details.alarmExists(site.uid, alarm.alarmId, alarm.tenant))) {
        throw new ValidationError('body.alarm.alarmId', 'The site has no such alarm');
      }
      if (alarm?.tenant) assertTenantsAllowed(caller, [alarm.tenant]);
      const now = deps.clock.now();
      const result = await withTransaction(deps.pool, async (client) => {
        const repo = createTicketsRepository(client);
        if (alarm) {
          await repo.lockAlarm(site.uid, alarm.alarmId, alarm.tenant);
          const open = await repo.openTicketOfAlarm(
            site.uid,
            alarm.alarmId,
            alarm.tenant,
            OPEN_TICKET_STATUSES,
          );
          if (open !== null) return { id: open, outcome: 'linked' as const };
        }
        await checkAssignee(repo, site.company_id, body.assigneeUid);
        const sla = slaOf(await repo.slaSettings(site.company_id), body.severity);
        const id = await repo.insert({
          companyId: site.company_id,
          siteUid: site.uid,
          tenant: alarm?.tenant ?? '',
          title: body.title,
          description: body.description,
          type: body.type,
          severity: body.severity,
          priority: body.priority,
          status: TICKET_INITIAL_STATUS,
          assigneeUid: body.assigneeUid ?? null,
          createdBy: caller.uid,
          at: now,
          slaAcknowledgeMinutes: sla.acknowledgeMinutes,
          slaResolveMinutes: sla.resolveMinutes,
        });
        await repo.addStatusChange(id, null, TICKET_INITIAL_STATUS, null, caller.uid, now);
        if (alarm) await repo.linkAlarm(id, { siteUid: site.uid, ...alarm }, now);
        return { id, outcome: 'created' as const };
      });
      const t = toTicket(await visible(tickets, caller, result.id));
      if (result.outcome === 'created') publish(LIVE_EVENTS.RMS_TICKET_CREATE, t, site.company_id);
      return [{ ...t, outcome: result.outcome }];
    },

    async update(caller: Caller, body: TicketUpdateBody): Promise<TicketUpdateReply> {
      assertNotReadOnly(caller, 'update tickets');
      const now = deps.clock.now();
      const companyId = await withTransaction(deps.pool, async (client) => {
        const repo = createTicketsRepository(client);
        const row = await visible(repo, caller, body.id, true);
        const changes: TicketChanges = {};
        let changed = false;
        if (body.status !== undefined && body.status !== row.status) {
          const from = row.status;
          const to = body.status;
          if (!canTransitionTicket(from, to)) {
            throw new ConflictError(
              `A ticket that is ${TICKET_STATUS_LABELS[from].toLowerCase()} cannot move to ${TICKET_STATUS_LABELS[to].toLowerCase()}`,
              'body.status',
            );
          }
          if (ticketReasonRequired(from, to) && !body.reason) {
            throw new ValidationError(
              'body.reason',
              `Say why the ticket moves to ${TICKET_STATUS_LABELS[to].toLowerCase()}`,
            );
          }
          changes.status = to;
          if (row.paused_since && !isSlaPaused(to)) {
            changes.pausedMs =
              Number(row.paused_ms) + Math.max(0, now.getTime() - row.paused_since.getTime());
            changes.pausedSince = null;
          }
          if (!row.paused_since && isSlaPaused(to)) changes.pausedSince = now;
          if (!row.acknowledged_at && to !== 'pending' && to !== 'held') {
            changes.acknowledgedAt = now;
            changes.acknowledgePausedMs = changes.pausedMs ?? Number(row.paused_ms);
          }
          if ((to === 'resolved' || to === 'cancelled') && !row.resolved_at) changes.resolvedAt = now;
          if (from === 'resolved' && to === 'inProgress') changes.resolvedAt = null;
          await repo.addStatusChange(row.id as number, from, to, body.reason ?? null, caller.uid, now);
          changed = true;
        }
        if (body.assigneeUid !== undefined && body.assigneeUid !== row.assignee_uid) {
          await checkAssignee(repo, row.company_id, body.assigneeUid);
          changes.assigneeUid = body.assigneeUid;
          changed = true;
        }
        for (const key of ['title', 'description', 'severity', 'priority'] as const) {
          if (body[key] !== undefined && body[key] !== row[key]) {
            changes[key] = body[key];
            changed = true;
          }
        }
        if (body.note) {
          await repo.addNote(Number(row.id), caller.uid, body.note, now);
          changed = true;
        }
        if (!changed) throw new ValidationError('body', 'Nothing to update');
        await repo.update(Number(row.id), changes, now);
        return row.company_id;
      });
      const t = toTicket(await visible(tickets, caller, body.id));
      publish(LIVE_EVENTS.RMS_TICKET_UPDATE, t, companyId);
      return { ticket: t };
    },

    /** Tells the ticket's sockets that something of it changed (an attachment). */
    async touched(caller: Caller, id: number): Promise<void> {
      const row = await visible(tickets, caller, id);
      publish(LIVE_EVENTS.RMS_TICKET_UPDATE, toTicket(row), row.company_id);
    },

    /** The ticket if the caller may see it (404 otherwise), with its company. */
    async find(caller: Caller, id: number) {
      const row = await visible(tickets, caller, id);
      return { ticket: toTicket(row), companyId: row.company_id };
    },

    assignees: (companyId: string) => tickets.assignable(companyId),
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
