/**
 * Event lists and acknowledgement (docs/requirements.md#events-paging, docs/requirements.md#network-calls; docs/requirements.md#events-paging):
 * pages of 100, newest first, ids strictly below the cursor (first 2147483647); only allowed
 * tenants; read-only users see the reduced kinds (domain `visibleEventKinds`).
 */
import {
  type AcknowledgeEventReply,
  type EventPageReply,
  type LastEventsQuery,
  type LastEventsReply,
  LIVE_EVENTS,
  liveMessage,
  type NetworkEventsQuery,
  type NetworkEventsReply,
  type SiteEvent,
  type SiteEventsQuery,
} from '@towerwatch/contract';
import { EVENT_PAGE_SIZE, hasMorePages, visibleEventKinds } from '@towerwatch/domain';
import { type Caller, toDomainUser } from '../../auth/caller.ts';
import type { EventBus } from '../../bus/bus.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError } from '../../errors.ts';
import { assertNotReadOnly } from '../../kernel/http/guards.ts';
import { toSiteEvent } from '../../kernel/rows/site-rows.ts';
import { assertTenantsAllowed, ownerFilter, requireSite } from '../../kernel/scope/site-scope.ts';
import type { SiteLookup } from '../site/index.ts';
import type { EventPageRow, EventsRepository } from './events.repository.ts';

export interface EventsServiceDeps {
  events: EventsRepository;
  sites: SiteLookup;
  clock: Clock;
  bus?: Pick<EventBus, 'publish'>;
}

/** The event of a page row with the state of the alarm it raised (null on other events). */
function withAlarmState<T extends SiteEvent>(e: T, r: EventPageRow): T {
  const raised = r.alarm_active !== null && r.alarm_active !== undefined;
  return {
    ...e,
    alarmState: raised ? (r.alarm_active ? 'active' : 'cleared') : null,
    clearedAt: r.alarm_cleared_at ? r.alarm_cleared_at.toISOString() : null,
  };
}

const nextCursor = (items: { id: number }[], limit: number) =>
  hasMorePages(items.length, limit) ? (items[items.length - 1]?.id ?? null) : null;

export function createEventsService(deps: EventsServiceDeps) {
  const kinds = (caller: Caller) => visibleEventKinds(toDomainUser(caller.user));

  return {
    async siteEvents(caller: Caller, q: SiteEventsQuery): Promise<EventPageReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      // The page is scoped like the site (siteScope): rows prove the caller sees the site; only an
      // empty page needs the site check that tells "no (more) events" from 404.
      const rows = await deps.events.page(
        caller,
        {
          before: q.oldest_id,
          limit: EVENT_PAGE_SIZE,
          siteUid: q.site_uid,
          tenants: q.tenant ? [q.tenant] : undefined,
          names: kinds(caller),
        },
        { alarmStates: true },
      );
      if (rows.length === 0) await requireSite(deps.sites, caller, q.site_uid, false);
      const items = rows.map((r) => withAlarmState(toSiteEvent(r), r));
      return { items, nextOldestId: nextCursor(items, EVENT_PAGE_SIZE) };
    },

    async networkEvents(caller: Caller, q: NetworkEventsQuery): Promise<NetworkEventsReply> {
      assertTenantsAllowed(caller, q.tenants);
      // An operator naming a customer reads that company's events (`companyId`: its own index range,
      // not a list of its sites); other callers' pages are their company's (the repository's scope).
      const owner = await ownerFilter(deps.sites, caller, q.userUid);
      const rows = await deps.events.page(
        caller,
        {
          before: q.oldestId,
          limit: q.limit,
          companyId: owner.companyId,
          group: q.group === 'ALL' ? undefined : q.group,
          tenants: q.tenants,
          names: kinds(caller),
        },
        { alarmStates: true },
      );
      const items = rows.map((r) => withAlarmState({ ...toSiteEvent(r), siteName: r.site_name ?? '' }, r));
      return { items, nextOldestId: nextCursor(items, q.limit) };
    },

    async lastEvents(caller: Caller, q: LastEventsQuery): Promise<LastEventsReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      const owner = await ownerFilter(deps.sites, caller, q.user_uid);
      const uids = await deps.sites.listUids(caller, { ...owner, siteUids: q.site_uids });
      const rows = await deps.events.latestPerSite(caller, uids, q.per_site, {
        tenants: q.tenant ? [q.tenant] : undefined,
        names: kinds(caller),
      });
      const bySite = new Map<string, ReturnType<typeof toSiteEvent>[]>();
      for (const row of rows) {
        const list = bySite.get(row.site_uid) ?? [];
        list.push(toSiteEvent(row));
        bySite.set(row.site_uid, list);
      }
      return [...bySite].map(([siteUid, events]) => ({ siteUid, events }));
    },

    /** Records who acknowledged and when, and tells the sockets allowed to see the event. */
    async acknowledge(caller: Caller, eventId: number): Promise<AcknowledgeEventReply> {
      assertNotReadOnly(caller, 'acknowledge the event');
      const found = await deps.events.findVisible(caller, eventId);
      if (!found) throw new NotFoundError('Event not found');
      const row = await deps.events.acknowledge(eventId, caller.uid, deps.clock.now());
      if (!row) throw new NotFoundError('Event not found');
      const event = toSiteEvent(row);
      deps.bus?.publish('live', {
        audience: {
          companyId: found.company_id,
          siteUid: event.siteUid,
          tenant: event.tenant,
          kind: event.name,
        },
        message: liveMessage(LIVE_EVENTS.EVENT_ACKNOWLEDGED, {
          id: event.id,
          siteUid: event.siteUid,
          tenant: event.tenant,
          name: event.name,
          acknowledgedBy: event.acknowledgedBy ?? caller.uid,
          acknowledgedByName: event.acknowledgedByName ?? event.acknowledgedBy ?? caller.uid,
          acknowledgedAt: event.acknowledgedAt ?? deps.clock.now().toISOString(),
        }),
      });
      return { event };
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
