/**
 * Access management (docs/requirements.md#access-model): the company's cards, card groups, site groups
 * and the attachments between them. Every change recomputes the lists of the sites it touches
 * (access-sync.ts) and is audited with before and after. A change whose effect reaches a site the
 * caller may not see (another tenant's) is refused with 403 (kernel/scope/action-reach.ts).
 */
import type {
  AttachedCardGroupReply,
  CardGroupListReply,
  CardListReply,
  DeleteGroupReply,
  GroupLinkBody,
  GroupLinkReply,
  SaveCardBody,
  SaveCardGroupBody,
  SaveCardGroupReply,
  SaveCardReply,
  SaveSiteGroupBody,
  SaveSiteGroupReply,
  SiteGroupListReply,
} from '@towerwatch/contract';
import { ACCESS_ACTIONS, ACCESS_MESSAGES } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import type { Pool } from '../../db/pool.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { assertNotReadOnly } from '../../kernel/http/guards.ts';
import { assertReachVisible } from '../../kernel/scope/action-reach.ts';
import { type AuditRecorder, auditActor } from '../audit/index.ts';
import type { SiteLookup } from '../site/index.ts';
import { readCompany, requireOwned, writeCompany } from './access-scope.ts';
import type { AccessSyncService } from './access-sync.ts';
import { cardOf, createCardsRepository } from './cards.repository.ts';
import { createGroupsRepository, type GroupKind, type Link } from './groups.repository.ts';

export interface ManageServiceDeps {
  pool: Pool;
  sites: SiteLookup;
  sync: AccessSyncService;
  clock: Clock;
  audit?: AuditRecorder;
}

export function createManageService(deps: ManageServiceDeps) {
  const cards = createCardsRepository(deps.pool);
  const groups = createGroupsRepository(deps.pool);
  const audit = (caller: Caller, e: Omit<Parameters<AuditRecorder['record']>[0], 'actor'>) =>
    deps.audit?.record({ ...e, actor: auditActor(caller) });
  const group = async (caller: Caller, kind: GroupKind, id: number) =>
    requireOwned(caller, await groups.find(kind, id), kind === 'card' ? 'Card group' : 'Site group');

  /** Site uids the caller sees, of `company`, among `uids` (all of the company when omitted). */
  const visible = async (caller: Caller, company: string | undefined, uids?: string[]) =>
    cards.visibleSites(caller, {
      ...(company !== undefined ? { companyId: company } : {}),
      ...(uids ? { siteUids: uids } : {}),
    });

  /** The two sides of an attach/detach, checked against the caller's company (404 otherwise). */
  async function linkOf(caller: Caller, body: GroupLinkBody) {
    // The spec's order: the drop target first, then the dragged item (docs/requirements.md#group-attach).
    if (body.siteGroupId === undefined || !body.siteGroupType)
      throw new ValidationError('body.siteGroupId', ACCESS_MESSAGES.dropOnSite);
    if (body.cardGroupId === undefined || !body.cardGroupType)
      throw new ValidationError('body.cardGroupId', ACCESS_MESSAGES.dropOnCard);
    const cardSide =
      body.cardGroupType === 'card'
        ? requireOwned(caller, await cards.findCard(body.cardGroupId), 'Card')
        : await group(caller, 'card', body.cardGroupId);
    let siteUids: string[];
    let siteName: string;
    let companyId: string;
    if (body.siteGroupType === 'site') {
      const [site] = await visible(caller, undefined, [String(body.siteGroupId)]);
      if (!site) throw new NotFoundError('Site not found');
      siteUids = [site.uid];
      siteName = site.name;
      companyId = site.company_id;
    } else {
      const g = await group(caller, 'site', Number(body.siteGroupId));
      siteUids = await cards.siteGroupMembers(g.id);
      // Every member's list changes: the caller must see them all.
      await assertReachVisible(deps.pool, caller, siteUids);
      siteName = g.name;
      companyId = g.company_id;
    }
    if (cardSide.company_id !== companyId) throw new NotFoundError('Site not found');
    const link: Link = {
      companyId,
      cardId: body.cardGroupType === 'card' ? body.cardGroupId : null,
      cardGroupId: body.cardGroupType === 'card_group' ? body.cardGroupId : null,
      siteUid: body.siteGroupType === 'site' ? String(body.siteGroupId) : null,
      siteGroupId: body.siteGroupType === 'site_group' ? Number(body.siteGroupId) : null,
    };
    const cardName =
      'card_number' in cardSide
        ? `${cardSide.card_number}${cardSide.holder_name ? ` ${cardSide.holder_name}` : ''}`
        : cardSide.name;
    const targets = {
      card: { cardGroupType: body.cardGroupType, cardGroupId: body.cardGroupId, name: cardName },
      site: { siteGroupType: body.siteGroupType, siteGroupId: String(body.siteGroupId), name: siteName },
    };
    return { link, siteUids, targets };
  }

  return {
    async siteGroupList(caller: Caller, userUid: string | undefined): Promise<SiteGroupListReply> {
      const company = await readCompany(deps.sites, caller, userUid);
      const sites = await visible(caller, company);
      const seen = new Set(sites.map((s) => s.uid));
      const items = (await groups.siteGroups(company)).map((g) => ({
        ...g,
        members: g.members.filter((m) => seen.has(m)),
      }));
      const uids = sites.map((s) => s.uid);
      const [attached, direct, states] = await Promise.all([
        cards.siteAttachments(uids),
        cards.directCardCounts(uids),
        deps.sync.states(uids),
      ]);
      const stateOf = new Map(states.map((s) => [s.siteUid, s]));
      return {
        items,
        sites: sites.map((s) => ({
          site_uid: s.uid,
          name: s.name,
          attached: attached.get(s.uid) ?? [],
          direct_cards: direct.get(s.uid) ?? 0,
          sync: stateOf.get(s.uid)?.state ?? 'applied',
          version: stateOf.get(s.uid)?.version ?? 0,
        })),
      };
    },

    async saveSiteGroup(caller: Caller, body: SaveSiteGroupBody): Promise<SaveSiteGroupReply> {
      assertNotReadOnly(caller, ACCESS_ACTIONS.saveSiteGroup);
      const existing = body.groupId ? await group(caller, 'site', body.groupId) : null;
      const company =
        existing?.company_id ?? (await writeCompany(deps.sites, caller, body.userUid, 'body.userUid'));
      const members = [...new Set(body.members)];
      const found = await visible(caller, company, members);
      const missing = members.find((m) => !found.some((s) => s.uid === m));
      if (missing !== undefined) throw new NotFoundError(`Site not found: ${missing}`);
      const before = existing ? await groups.members('site', existing.id) : [];
      // Members the caller cannot see (other tenants) stay in the group.
      const seen = new Set((await visible(caller, company, before.map(String))).map((s) => s.uid));
      const kept = before.map(String).filter((m) => !seen.has(m));
      const at = deps.clock.now();
      const row = existing ?? (await groups.insert('site', company, body.name, at));
      if (existing) await groups.rename('site', row.id, body.name, at);
      await groups.setMembers('site', row.id, [...kept, ...members]);
      const changed = await deps.sync.syncSites([...before.map(String), ...members], caller.uid);
      const [saved] = await groups.siteGroups(company, [row.id]);
      if (!saved) throw new Error('site group vanished');
      await audit(caller, {
        action: 'access.site_group_save',
        companyId: company,
        target: { type: 'site_group', id: String(row.id) },
        before: existing ? { name: existing.name, members: before } : null,
        after: { name: saved.name, members: saved.members },
        sites: [...before.map(String), ...members],
      });
      return {
        group: { ...saved, members: saved.members.filter((m) => !kept.includes(m)) },
        sitesAffected: changed.length,
      };
    },

    async deleteGroup(caller: Caller, kind: GroupKind, groupId: number): Promise<DeleteGroupReply> {
      assertNotReadOnly(
        caller,
        kind === 'card' ? ACCESS_ACTIONS.deleteCardGroup : ACCESS_ACTIONS.deleteSiteGroup,
      );
      const g = await group(caller, kind, groupId);
      const members = await groups.members(kind, g.id);
      const affected = kind === 'card' ? await cards.sitesOfCardGroup(g.id) : members.map(String);
      await assertReachVisible(deps.pool, caller, affected);
      await groups.remove(kind, g.id);
      const changed = await deps.sync.syncSites(affected, caller.uid);
      await audit(caller, {
        action: kind === 'card' ? 'access.card_group_delete' : 'access.site_group_delete',
        companyId: g.company_id,
        target: { type: kind === 'card' ? 'card_group' : 'site_group', id: String(g.id) },
        before: { name: g.name, members },
        after: null,
        sites: affected,
      });
      return { groupId: g.id, sitesAffected: changed.length };
    },

    async cardList(caller: Caller, userUid: string | undefined): Promise<CardListReply> {
      return {
        items: await cards.listCards(await readCompany(deps.sites, caller, userUid), undefined, caller),
      };
    },

    async saveCard(caller: Caller, body: SaveCardBody): Promise<SaveCardReply> {
      assertNotReadOnly(caller, ACCESS_ACTIONS.saveCard);
      const existing = body.card_id ? requireOwned(caller, await cards.findCard(body.card_id), 'Card') : null;
      const company =
        existing?.company_id ?? (await writeCompany(deps.sites, caller, body.userUid, 'body.userUid'));
      const clash = await cards.findCardByNumber(company, body.card_number);
      if (clash && clash.id !== existing?.id)
        throw new ConflictError('A card with this number exists', 'body.card_number');
      const { card_id: _id, userUid: _u, ...fields } = body;
      const at = deps.clock.now();
      const before = existing ? await cards.sitesOfCard(existing.id) : [];
      // The card's sites now (a master card: every site of the company) and, as a master, every site.
      await assertReachVisible(deps.pool, caller, before);
      if (body.master) await assertReachVisible(deps.pool, caller, { companyId: company });
      const row = existing
        ? await cards.updateCard(existing.id, fields, at)
        : await cards.insertCard(company, body.card_number, fields, at);
      const reached = [...before, ...(await cards.sitesOfCard(row.id))];
      const changed = await deps.sync.syncSites(reached, caller.uid);
      const [card] = await cards.listCards(company, [row.id], caller);
      await audit(caller, {
        action: 'access.card_save',
        companyId: company,
        target: { type: 'card', id: String(row.id) },
        before: existing ? cardOf(existing) : null,
        after: cardOf(row),
        sites: reached,
      });
      return { card: card ?? cardOf(row), sitesAffected: changed.length };
    },

    async cardGroupList(caller: Caller, userUid: string | undefined): Promise<CardGroupListReply> {
      return {
        items: await groups.cardGroups(await readCompany(deps.sites, caller, userUid), undefined, caller),
      };
    },

    async attachedCardGroup(caller: Caller, groupId: number): Promise<AttachedCardGroupReply> {
      const g = await group(caller, 'card', groupId);
      const [full] = await groups.cardGroups(g.company_id, [g.id], caller);
      if (!full) throw new NotFoundError('Card group not found');
      return {
        group: full,
        cards: full.members.length ? await cards.listCards(g.company_id, full.members, caller) : [],
      };
    },

    async saveCardGroup(caller: Caller, body: SaveCardGroupBody): Promise<SaveCardGroupReply> {
      assertNotReadOnly(caller, ACCESS_ACTIONS.saveCardGroup);
      const existing = body.groupId ? await group(caller, 'card', body.groupId) : null;
      const company =
        existing?.company_id ?? (await writeCompany(deps.sites, caller, body.userUid, 'body.userUid'));
      const members = [...new Set(body.members)];
      if (members.length > 0) {
        const found = await cards.listCards(company, members);
        const missing = members.find((m) => !found.some((c) => c.card_id === m));
        if (missing !== undefined) throw new NotFoundError(`Card not found: ${missing}`);
      }
      const before = existing ? await groups.members('card', existing.id) : [];
      const same = before.length === members.length && members.every((m) => before.includes(m));
      // New or leaving members change the lists of every site the group is attached to.
      if (existing && !same)
        await assertReachVisible(deps.pool, caller, await cards.sitesOfCardGroup(existing.id));
      const at = deps.clock.now();
      const row = existing ?? (await groups.insert('card', company, body.name, at));
      if (existing) await groups.rename('card', row.id, body.name, at);
      await groups.setMembers('card', row.id, members);
      const reached = await cards.sitesOfCardGroup(row.id);
      const changed = await deps.sync.syncSites(reached, caller.uid);
      const [saved] = await groups.cardGroups(company, [row.id], caller);
      if (!saved) throw new Error('card group vanished');
      await audit(caller, {
        action: 'access.card_group_save',
        companyId: company,
        target: { type: 'card_group', id: String(row.id) },
        before: existing ? { name: existing.name, members: before } : null,
        after: { name: saved.name, members: saved.members },
        sites: reached,
      });
      return { group: saved, sitesAffected: changed.length };
    },

    async link(caller: Caller, body: GroupLinkBody, attach: boolean): Promise<GroupLinkReply> {
      assertNotReadOnly(caller, attach ? ACCESS_ACTIONS.attach : ACCESS_ACTIONS.detach);
      const { link, siteUids, targets } = await linkOf(caller, body);
      const at = deps.clock.now();
      const moved = attach ? await groups.attach(link, caller.uid, at) : await groups.detach(link);
      if (!attach && !moved) throw new NotFoundError(ACCESS_MESSAGES.detachFailed);
      const changed = moved ? await deps.sync.syncSites(siteUids, caller.uid) : [];
      if (moved) {
        await audit(caller, {
          action: attach ? 'access.attach' : 'access.detach',
          companyId: link.companyId,
          target: link.siteGroupId
            ? { type: 'site_group', id: String(link.siteGroupId) }
            : { type: 'site', id: link.siteUid ?? '' },
          before: attach ? null : targets,
          after: attach ? targets : null,
          sites: siteUids,
        });
      }
      return { ...targets, attached: attach, sitesAffected: changed.length };
    },
  };
}

export type ManageService = ReturnType<typeof createManageService>;
