/**
 * The site side of access control (docs/requirements.md#access-control): open hours, door events,
 * access records, a site's cards with add / delete / clear, master-remove and the revocation ledger.
 * Every change recomputes the affected sites' lists (access-sync.ts) and is audited; a change whose
 * effect reaches a site the caller may not see is refused with 403 (kernel/scope/action-reach.ts).
 */
import type {
  AccessRecordsReply,
  AddCardBody,
  AddCardReply,
  CardLedgerQuery,
  CardLedgerReply,
  ClearCardsReply,
  DeleteCardReply,
  DoorPageQuery,
  EventPageReply,
  MasterRemoveBody,
  MasterRemoveReply,
  OpenHoursQuery,
  OpenHoursReply,
  SiteCardsReply,
} from '@towerwatch/contract';
import {
  ACCESS_ACTIONS,
  ACCESS_PAGE_SIZE,
  dhakaDayEnd,
  dhakaDayStart,
  hasMorePages,
  MAX_OPEN_HOURS_DAYS,
  openHoursBucketStarts,
  openSecondsPerBucket,
  visibleEventKinds,
} from '@towerwatch/domain';
import { type Caller, toDomainUser } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { type Pool, withTransaction } from '../../db/pool.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { assertNotReadOnly } from '../../kernel/http/guards.ts';
import { toSiteEvent } from '../../kernel/rows/site-rows.ts';
import { assertReachVisible } from '../../kernel/scope/action-reach.ts';
import { requireSite } from '../../kernel/scope/site-scope.ts';
import { type AuditRecorder, auditActor } from '../audit/index.ts';
import type { SiteLookup } from '../site/index.ts';
import { readCompany, requireOwned } from './access-scope.ts';
import type { AccessSyncService } from './access-sync.ts';
import { cardLedger } from './card-ledger.ts';
import { type CardRow, cardOf, createCardsRepository } from './cards.repository.ts';
import type { RecordsRepository } from './records.repository.ts';

export interface AccessServiceDeps {
  pool: Pool;
  sites: SiteLookup;
  records: RecordsRepository;
  sync: AccessSyncService;
  clock: Clock;
  audit?: AuditRecorder;
}

/** True when the card's stored fields differ (what its site lists carry, its master flag, its holder). */
function cardChanged(before: CardRow, after: CardRow): boolean {
  const { updated_at: _b, ...b } = cardOf(before);
  const { updated_at: _a, ...a } = cardOf(after);
  return JSON.stringify(a) !== JSON.stringify(b);
}

const nextCursor = (items: { id: number }[]) =>
  hasMorePages(items.length, ACCESS_PAGE_SIZE) ? (items[items.length - 1]?.id ?? null) : null;

export function createAccessService(deps: AccessServiceDeps) {
  const cards = createCardsRepository(deps.pool);
  const audit = (caller: Caller, e: Omit<Parameters<AuditRecorder['record']>[0], 'actor'>) =>
    deps.audit?.record({ ...e, actor: auditActor(caller) });

  return {
    async openHours(caller: Caller, q: OpenHoursQuery): Promise<OpenHoursReply> {
      const site = await requireSite(deps.sites, caller, q.siteUid, false);
      const from = dhakaDayStart(q.fromDate);
      const until = new Date(Math.min(dhakaDayEnd(q.untilDate).getTime(), deps.clock.now().getTime()));
      if (dhakaDayEnd(q.untilDate) <= from)
        throw new ValidationError('query.untilDate', 'untilDate must not be before fromDate');
      if (dhakaDayEnd(q.untilDate).getTime() - from.getTime() > MAX_OPEN_HOURS_DAYS * 86_400_000)
        throw new ValidationError(
          'query.untilDate',
          `The range may span at most ${MAX_OPEN_HOURS_DAYS} days`,
        );
      const transitions = await deps.records.doorTransitions(site.uid, from, until);
      const periods: { start: number; end: number; open: boolean }[] = [];
      let openedAt: number | null = null;
      for (const t of transitions) {
        const at = Math.max(t.time.getTime(), from.getTime());
        if (t.name === 'door_open' && openedAt === null) openedAt = at;
        if (t.name === 'door_close' && openedAt !== null) {
          if (at > openedAt) periods.push({ start: openedAt, end: at, open: false });
          openedAt = null;
        }
      }
      const end = Math.max(until.getTime(), from.getTime());
      if (openedAt !== null && end > openedAt) periods.push({ start: openedAt, end, open: true });
      const starts = openHoursBucketStarts(from.getTime(), end, q.zoom);
      const seconds = openSecondsPerBucket(periods, starts, end);
      return {
        siteUid: site.uid,
        zoom: q.zoom,
        fromDate: q.fromDate,
        untilDate: q.untilDate,
        periods: periods.map((p) => ({
          openedAt: new Date(p.start).toISOString(),
          closedAt: p.open ? null : new Date(p.end).toISOString(),
        })),
        buckets: starts.map((s, i) => ({ start: new Date(s).toISOString(), openSeconds: seconds[i] ?? 0 })),
        totalOpenSeconds: seconds.reduce((a, b) => a + b, 0),
      };
    },

    async doorEvents(caller: Caller, q: DoorPageQuery): Promise<EventPageReply> {
      const names = visibleEventKinds(toDomainUser(caller.user));
      const rows = await deps.records.doorEvents(caller, q.siteUid, q.oldestId, ACCESS_PAGE_SIZE, names);
      if (rows.length === 0) await requireSite(deps.sites, caller, q.siteUid, false);
      const items = rows.map(toSiteEvent);
      return { items, nextOldestId: nextCursor(items) };
    },

    async fetchRecords(caller: Caller, q: DoorPageQuery): Promise<AccessRecordsReply> {
      const items = await deps.records.recordPage(caller, q.siteUid, q.oldestId, ACCESS_PAGE_SIZE);
      if (items.length === 0) await requireSite(deps.sites, caller, q.siteUid, false);
      return { items, nextOldestId: nextCursor(items) };
    },

    async fetchCards(caller: Caller, q: DoorPageQuery): Promise<SiteCardsReply> {
      const site = await requireSite(deps.sites, caller, q.siteUid, false);
      const rows = await cards.assignmentPage(site.uid, q.oldestId, ACCESS_PAGE_SIZE);
      const items = rows.map((r) => {
        const c = cardOf(r.card);
        const {
          company_id: _c,
          site_count: _s,
          group_ids: _g,
          attached_to: _a,
          updated_at: _u,
          ...fields
        } = c;
        return {
          ...fields,
          access_id: r.id,
          site_uid: r.site_uid,
          user_uid: r.user_uid,
          created_at: r.created_at.toISOString(),
        };
      });
      const sync = await deps.sync.state(site.uid);
      const effective = await deps.pool.query<{ n: number }>(
        `select count(*)::int as n from access_list_entries where site_uid = $1 and removed_version is null`,
        [site.uid],
      );
      return {
        items,
        nextOldestId: hasMorePages(items.length, ACCESS_PAGE_SIZE) ? (items.at(-1)?.access_id ?? null) : null,
        sync,
        effectiveCount: effective.rows[0]?.n ?? 0,
      };
    },

    async addCard(caller: Caller, body: AddCardBody): Promise<AddCardReply> {
      assertNotReadOnly(caller, ACCESS_ACTIONS.addCard);
      await readCompany(deps.sites, caller, body.user_uid);
      const site = await requireSite(deps.sites, caller, body.site_uid, false);
      const at = deps.clock.now();
      const { card, before, assignment } = await withTransaction(deps.pool, async (tx) => {
        const repo = createCardsRepository(tx);
        const existing = await repo.findCardByNumber(site.company_id, body.card_number);
        const reachBefore = existing ? await repo.sitesOfCard(existing.id) : [];
        const { site_uid: _s, user_uid: _u, card_number, ...fields } = body;
        const card = existing
          ? await repo.updateCard(existing.id, fields, at)
          : await repo.insertCard(site.company_id, card_number, fields, at);
        // A changed card changes every list that holds it, before and after (a master: every site):
        // the caller must see them all; an unchanged one is only added to this (visible) site.
        if (!existing || cardChanged(existing, card)) {
          await assertReachVisible(tx, caller, [...reachBefore, ...(await repo.sitesOfCard(card.id))]);
        }
        const assignment = await repo.insertAssignment(site.uid, card.id, caller.uid, at);
        return { card, before: existing, assignment };
      });
      const affected = before ? await cards.sitesOfCard(card.id) : [site.uid];
      await deps.sync.syncSites([...affected, site.uid], caller.uid);
      await audit(caller, {
        action: 'access.card_add',
        companyId: site.company_id,
        target: { type: 'card', id: String(card.id) },
        before: before ? cardOf(before) : null,
        after: cardOf(card),
        detail: { site_uid: site.uid, access_id: assignment.id },
        sites: affected,
      });
      const c = cardOf(card);
      return {
        card: {
          access_id: assignment.id,
          card_id: c.card_id,
          card_number: c.card_number,
          holder_name: c.holder_name,
          valid_from: c.valid_from,
          valid_until: c.valid_until,
          blocked: c.blocked,
          master: c.master,
          time_windows: c.time_windows,
          site_uid: site.uid,
          user_uid: assignment.user_uid,
          created_at: assignment.created_at.toISOString(),
        },
        sync: await deps.sync.state(site.uid),
      };
    },

    async deleteCard(caller: Caller, accessId: number): Promise<DeleteCardReply> {
      assertNotReadOnly(caller, ACCESS_ACTIONS.deleteCard);
      const assignment = await cards.findAssignment(accessId);
      if (!assignment) throw new NotFoundError('Card not found');
      const site = await requireSite(deps.sites, caller, assignment.site_uid, false).catch(() => {
        throw new NotFoundError('Card not found');
      });
      const card = await cards.findCard(assignment.card_id);
      await cards.deleteAssignment(accessId);
      await deps.sync.syncSites([site.uid], caller.uid);
      await audit(caller, {
        action: 'access.card_delete',
        companyId: site.company_id,
        target: { type: 'card', id: String(assignment.card_id) },
        before: { access_id: accessId, site_uid: site.uid, card_number: card?.card_number ?? null },
        after: null,
      });
      return { access_id: accessId, sync: await deps.sync.state(site.uid) };
    },

    async masterRemove(caller: Caller, body: MasterRemoveBody): Promise<MasterRemoveReply> {
      assertNotReadOnly(caller, ACCESS_ACTIONS.masterRemove);
      const company = await readCompany(deps.sites, caller, body.user_uid);
      if (company === undefined)
        throw new ValidationError('body.user_uid', 'user_uid is required for operators');
      const card = requireOwned(caller, await cards.findCardByNumber(company, body.card_number), 'Card');
      const affected = await cards.sitesOfCard(card.id);
      await assertReachVisible(deps.pool, caller, affected);
      const removed = await cards.removeEverywhere(card.id, deps.clock.now());
      const changed = await deps.sync.syncSites(affected, caller.uid);
      await audit(caller, {
        action: 'access.master_remove',
        companyId: card.company_id,
        target: { type: 'card', id: String(card.id) },
        before: { ...cardOf(card), groups: removed.groups, assignments: removed.assignments },
        after: { sites: 0, master: false },
        detail: { sites_affected: changed.length },
        sites: affected,
      });
      return { card_number: card.card_number, card_id: card.id, sitesAffected: changed.length };
    },

    async clearCards(caller: Caller, siteUid: string): Promise<ClearCardsReply> {
      assertNotReadOnly(caller, ACCESS_ACTIONS.clearCards);
      const site = await requireSite(deps.sites, caller, siteUid, false);
      const cleared = await cards.clearSite(site.uid);
      await deps.sync.syncSites([site.uid], caller.uid);
      const sync = await deps.sync.state(site.uid);
      await audit(caller, {
        action: 'access.clear_cards',
        companyId: site.company_id,
        target: { type: 'site', id: site.uid },
        before: { cards: cleared.cards, attachments: cleared.attachments },
        after: { cards: [], remaining: sync.cardCount },
      });
      return { siteUid: site.uid, removed: cleared.cards.length, remaining: sync.cardCount, sync };
    },

    async cardLedger(caller: Caller, q: CardLedgerQuery): Promise<CardLedgerReply> {
      const company = await readCompany(deps.sites, caller, q.userUid);
      if (company === undefined)
        throw new ValidationError('query.userUid', 'userUid is required for operators');
      const card = requireOwned(caller, await cards.findCardByNumber(company, q.card_number), 'Card');
      const [full] = await cards.listCards(card.company_id, [card.id], caller);
      const entries = await deps.records.ledgerEntries(caller, card.company_id, card.card_number);
      const states = await deps.sync.states([...new Set(entries.map((e) => e.site_uid))]);
      const reach = await deps.records.cardReach(card.id);
      return cardLedger(full ?? cardOf(card), entries, states, reach, deps.clock.now());
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
