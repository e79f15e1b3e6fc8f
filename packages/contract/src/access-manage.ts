/**
 * Access control management calls (`/door/manage/...`) and the revocation ledger
 * (docs/requirements.md#access-control); the site calls and building blocks are in access.ts.
 */
import {
  ACCESS_CARD_TARGET_TYPES,
  ACCESS_SITE_TARGET_TYPES,
  ACCESS_SYNC_STATES,
  MAX_ACCESS_GROUP_MEMBERS,
} from '@towerwatch/domain';
import { z } from 'zod';
import {
  accessCard,
  cardFields,
  cardNumber,
  cardTarget,
  groupIdQuery,
  siteTarget,
  userUidOptional,
  validityMessage,
  validityOrder,
} from './access.ts';
import { bodyIntId, safeText } from './input.ts';
import { isoTime, siteUid } from './site-common.ts';

// ---------------------------------------------------------------- manage calls (/door/manage)

/** GET /door/manage/site/group-list, /door/manage/card/list, /door/manage/card/group-list. */
export const manageListQuery = z.object({ userUid: userUidOptional });
export type ManageListQuery = z.infer<typeof manageListQuery>;

/** A site group. */
export const siteGroup = z.object({
  groupId: z.number().int(),
  type: z.literal('site_group'),
  name: z.string(),
  company_id: z.string(),
  /** Site uids of the members. */
  members: z.array(z.string()),
  /** Cards and card groups attached to the group. */
  attached: z.array(cardTarget),
  updated_at: isoTime,
});
export type SiteGroup = z.infer<typeof siteGroup>;
export const siteGroupListReply = z.object({
  items: z.array(siteGroup),
  /** Every site of the company the caller may see, with its sync state and direct attachments. */
  sites: z.array(
    z.object({
      site_uid: z.string(),
      name: z.string(),
      attached: z.array(cardTarget),
      /** Cards added to the site directly (the site's Access page, add-card), not by an attachment. */
      direct_cards: z.number().int(),
      sync: z.enum(ACCESS_SYNC_STATES),
      version: z.number().int(),
    }),
  ),
});
export type SiteGroupListReply = z.infer<typeof siteGroupListReply>;

/** POST /door/manage/site/save-group: creates (no groupId) or replaces name and members. */
export const saveSiteGroupBody = z.object({
  groupId: bodyIntId.optional(),
  userUid: userUidOptional,
  name: safeText().trim().min(1).max(100),
  members: z.array(siteUid).max(MAX_ACCESS_GROUP_MEMBERS),
});
export type SaveSiteGroupBody = z.infer<typeof saveSiteGroupBody>;
export const saveSiteGroupReply = z.object({ group: siteGroup, sitesAffected: z.number().int() });
export type SaveSiteGroupReply = z.infer<typeof saveSiteGroupReply>;

/** POST /door/manage/site/delete-group and /door/manage/card/delete-group. */
export const deleteGroupBody = z.object({ groupId: bodyIntId });
export type DeleteGroupBody = z.infer<typeof deleteGroupBody>;
export const deleteGroupReply = z.object({ groupId: z.number().int(), sitesAffected: z.number().int() });
export type DeleteGroupReply = z.infer<typeof deleteGroupReply>;

/** GET /door/manage/card/list reply: every card of the company. */
export const cardListReply = z.object({ items: z.array(accessCard) });
export type CardListReply = z.infer<typeof cardListReply>;

/** POST /door/manage/card/save: creates (no card_id) or updates a company card. */
export const saveCardBody = z
  .object({
    card_id: bodyIntId.optional(),
    userUid: userUidOptional,
    ...cardFields,
    master: z.boolean().optional(),
  })
  .refine(validityOrder, validityMessage);
export type SaveCardBody = z.infer<typeof saveCardBody>;
export const saveCardReply = z.object({ card: accessCard, sitesAffected: z.number().int() });
export type SaveCardReply = z.infer<typeof saveCardReply>;

/** A card group. */
export const cardGroup = z.object({
  groupId: z.number().int(),
  type: z.literal('card_group'),
  name: z.string(),
  company_id: z.string(),
  /** Card ids of the members. */
  members: z.array(z.number().int()),
  /** Sites and site groups the group is attached to. */
  attached_to: z.array(siteTarget),
  updated_at: isoTime,
});
export type CardGroup = z.infer<typeof cardGroup>;
export const cardGroupListReply = z.object({ items: z.array(cardGroup) });
export type CardGroupListReply = z.infer<typeof cardGroupListReply>;

/** GET /door/manage/card/attached-card-group: one card group with its cards and attachments. */
export const attachedCardGroupQuery = z.object({ groupId: groupIdQuery });
export type AttachedCardGroupQuery = z.infer<typeof attachedCardGroupQuery>;
export const attachedCardGroupReply = z.object({ group: cardGroup, cards: z.array(accessCard) });
export type AttachedCardGroupReply = z.infer<typeof attachedCardGroupReply>;

/** POST /door/manage/card/save-group: creates (no groupId) or replaces name and members. */
export const saveCardGroupBody = z.object({
  groupId: bodyIntId.optional(),
  userUid: userUidOptional,
  name: safeText().trim().min(1).max(100),
  members: z.array(bodyIntId).max(MAX_ACCESS_GROUP_MEMBERS),
});
export type SaveCardGroupBody = z.infer<typeof saveCardGroupBody>;
export const saveCardGroupReply = z.object({ group: cardGroup, sitesAffected: z.number().int() });
export type SaveCardGroupReply = z.infer<typeof saveCardGroupReply>;

/**
 * POST /door/manage/attach-groups and /door/manage/detach-groups: a card or card group and a site or
 * site group. A missing site side is refused with 'Please drop the item on a Site or Site Group'
 * (field siteGroupId), a missing card side with 'Please drop the item on a Card or Card Group'
 * (field cardGroupId), as the spec's screen says (docs/requirements.md#access-messages).
 */
export const groupLinkBody = z
  .object({
    cardGroupId: bodyIntId.optional(),
    cardGroupType: z.enum(ACCESS_CARD_TARGET_TYPES).optional(),
    /** A site uid for `site`, a group id (number or numeric string) for `site_group`. */
    siteGroupId: z.union([siteUid, bodyIntId]).optional(),
    siteGroupType: z.enum(ACCESS_SITE_TARGET_TYPES).optional(),
  })
  .superRefine((body, ctx) => {
    // The missing-side messages come from the server as the exact spec text (no field prefix).
    if (
      body.siteGroupType === 'site_group' &&
      body.siteGroupId !== undefined &&
      !/^\d{1,10}$/.test(String(body.siteGroupId))
    )
      ctx.addIssue({ code: 'custom', path: ['siteGroupId'], message: 'siteGroupId must be a group id' });
  });
export type GroupLinkBody = z.infer<typeof groupLinkBody>;
export const groupLinkReply = z.object({
  card: cardTarget,
  site: siteTarget,
  /** True when attached after the call (attach), false after a detach. */
  attached: z.boolean(),
  sitesAffected: z.number().int(),
});
export type GroupLinkReply = z.infer<typeof groupLinkReply>;

// ---------------------------------------------------------------- revocation ledger (extension)

/** GET /door/access/card-ledger: where a card opens a door now and which sites still hold a removed card. */
export const cardLedgerQuery = z.object({ userUid: userUidOptional, card_number: cardNumber });
export type CardLedgerQuery = z.infer<typeof cardLedgerQuery>;
export const cardLedgerSite = z.object({
  siteUid: z.string(),
  name: z.string(),
  state: z.enum(ACCESS_SYNC_STATES),
  /** How the card reaches the site on the server's current list (empty when it should not). */
  via: z.array(z.enum(['direct', 'master', 'card_attachment', 'group_attachment'])),
  /** Whether the device's applied list holds the card. */
  onDevice: z.boolean(),
  /** Whether the card would open the door now by the applied list (validity, block, time windows). */
  opensNow: z.boolean(),
});
export const cardLedgerReply = z.object({
  card: accessCard,
  /** Sites whose server list holds the card. */
  listed: z.array(cardLedgerSite),
  /** Sites whose device still holds the card although the server list no longer does. */
  pendingRemoval: z.array(cardLedgerSite),
});
export type CardLedgerReply = z.infer<typeof cardLedgerReply>;
