/**
 * Access card and site groups: attach/detach validation (feature-areas §5).
 */

/** Message when the drop target is not a site or site group (feature-areas §5). */
export const DROP_ON_SITE_MESSAGE = 'Please drop the item on a Site or Site Group';
/** Message when the dragged item is not a card or card group (feature-areas §5). */
export const DROP_ON_CARD_MESSAGE = 'Please drop the item on a Card or Card Group';
/** Message for a failed detach check (feature-areas §5). */
export const DETACH_ERROR_MESSAGE = 'something wrong';

/** Attach/detach parameters (feature-areas §3). */
export interface GroupLinkParams {
  cardGroupId?: string | number | null;
  cardGroupType?: string | null;
  siteGroupId?: string | number | null;
  siteGroupType?: string | null;
}

const present = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

/**
 * Validates an attach: a site or site-group target first, then a card or card group. Returns the
 * message to show, or null when valid.
 */
export function attachGroupsError(params: GroupLinkParams): string | null {
  if (!present(params.siteGroupId) || !present(params.siteGroupType)) return DROP_ON_SITE_MESSAGE;
  if (!present(params.cardGroupId) || !present(params.cardGroupType)) return DROP_ON_CARD_MESSAGE;
  return null;
}

/** Validates a detach: same two checks, one message 'something wrong' (feature-areas §5). */
export function detachGroupsError(params: GroupLinkParams): string | null {
  return attachGroupsError(params) === null ? null : DETACH_ERROR_MESSAGE;
}
