/**
 * The data of Manage Access as list items (docs/requirements.md#group-attach): cards, card groups,
 * sites and site groups as {@link ManageItem}s with their rows, the attachments of each, and the call
 * body of a pair.
 */
import type {
  AccessCard,
  CardGroup,
  CardTarget,
  GroupLinkBody,
  SiteGroup,
  SiteGroupListReply,
  SiteTarget,
} from '@towerwatch/contract';
import type { AccessSyncState } from '@towerwatch/domain';
import { CARD_VALIDITY_LABELS, cardValidity, type GroupPair, type ManageItem } from './manage-model.ts';

/** A site of the site list call. */
export type ManageSite = SiteGroupListReply['sites'][number];

/** A card as an item: its number and holder. */
export const cardItem = (card: Pick<AccessCard, 'card_id' | 'card_number' | 'holder_name'>): ManageItem => ({
  kind: 'card',
  id: String(card.card_id),
  label: card.holder_name ? `${card.card_number} · ${card.holder_name}` : card.card_number,
});
export const cardGroupItem = (group: Pick<CardGroup, 'groupId' | 'name'>): ManageItem => ({
  kind: 'card_group',
  id: String(group.groupId),
  label: group.name,
});
export const siteItem = (site: Pick<ManageSite, 'site_uid' | 'name'>): ManageItem => ({
  kind: 'site',
  id: site.site_uid,
  label: site.name,
});
export const siteGroupItem = (group: Pick<SiteGroup, 'groupId' | 'name'>): ManageItem => ({
  kind: 'site_group',
  id: String(group.groupId),
  label: group.name,
});

/** The item of an attachment's card side / site side. */
export const itemOfCardTarget = (target: CardTarget): ManageItem => ({
  kind: target.cardGroupType,
  id: String(target.cardGroupId),
  label: target.name,
});
export const itemOfSiteTarget = (target: SiteTarget): ManageItem => ({
  kind: target.siteGroupType,
  id: target.siteGroupId,
  label: target.name,
});

/** The attach / detach call body of a pair. */
export function linkBody(pair: GroupPair): GroupLinkBody {
  return {
    cardGroupId: Number(pair.card.id),
    cardGroupType: pair.card.kind === 'card_group' ? 'card_group' : 'card',
    siteGroupId: pair.site.kind === 'site_group' ? Number(pair.site.id) : pair.site.id,
    siteGroupType: pair.site.kind === 'site_group' ? 'site_group' : 'site',
  };
}

/** The row under a card: validity state, groups and direct sites. */
export function cardRow(card: AccessCard, now: Date) {
  const validity = cardValidity(
    { blocked: card.blocked, validFrom: card.valid_from, validUntil: card.valid_until },
    now,
  );
  const parts = [
    card.master ? 'master card' : null,
    card.site_count ? `${card.site_count} site${card.site_count === 1 ? '' : 's'}` : null,
    card.group_ids.length ? `${card.group_ids.length} group${card.group_ids.length === 1 ? '' : 's'}` : null,
    card.attached_to.length ? `attached to ${card.attached_to.length}` : null,
  ].filter(Boolean);
  return {
    item: cardItem(card),
    detail: parts.join(' · ') || 'not on any site',
    badge:
      validity === 'active'
        ? null
        : { label: CARD_VALIDITY_LABELS[validity], color: validity === 'blocked' ? 'red' : 'orange' },
  };
}

const SYNC_BADGE: Record<AccessSyncState, { label: string; color: string } | null> = {
  applied: null,
  pending: { label: 'Sync pending', color: 'yellow' },
  failed: { label: 'Sync failed', color: 'red' },
};

/**
 * What a site holds, as its row says: the cards added to it directly (its Access page) and what is
 * attached to it; 'no cards added or attached directly' only when it has neither (a site group's attachments are the group's).
 */
function siteDetail(site: Pick<ManageSite, 'attached' | 'direct_cards'>): string {
  const parts = [
    site.direct_cards
      ? `${site.direct_cards} card${site.direct_cards === 1 ? '' : 's'} added directly`
      : null,
    site.attached.length ? `${site.attached.length} attached` : null,
  ].filter(Boolean);
  return parts.join(' · ') || 'no cards added or attached directly';
}

/** The row under a site: its cards and attachments and sync state (a site never sent a list shows nothing). */
export function siteRow(site: ManageSite) {
  return {
    item: siteItem(site),
    detail: siteDetail(site),
    badge: site.version > 0 ? SYNC_BADGE[site.sync] : null,
  };
}

export const cardGroupRow = (group: CardGroup) => ({
  item: cardGroupItem(group),
  detail: `${group.members.length} card${group.members.length === 1 ? '' : 's'} · attached to ${group.attached_to.length}`,
});

export const siteGroupRow = (group: SiteGroup) => ({
  item: siteGroupItem(group),
  detail: `${group.members.length} site${group.members.length === 1 ? '' : 's'} · ${group.attached.length} attached`,
});
