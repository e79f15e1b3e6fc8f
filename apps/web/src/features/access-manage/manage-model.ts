/**
 * Pure logic of Manage Access (docs/requirements.md#group-attach): what a drop of one item on another
 * means, the search over tens of thousands of cards and thousands of sites, and the keyboard
 * alternative's choice of targets.
 */

/** The four kinds of items on the page. Cards and card groups are "card side", sites and site groups "site side". */
export type ManageKind = 'card' | 'card_group' | 'site' | 'site_group';

/** One item of a list, as the drag-and-drop and the keyboard alternative see it. */
export interface ManageItem {
  kind: ManageKind;
  /** The card's access id, the site's uid or the group's id, as a string. */
  id: string;
  label: string;
}

/** The side an item belongs to. */
export const sideOf = (kind: ManageKind): 'card' | 'site' =>
  kind === 'card' || kind === 'card_group' ? 'card' : 'site';

/** A valid drop: attach (or detach) this card-side item to this site-side item. */
export interface GroupPair {
  card: ManageItem;
  site: ManageItem;
}

/** What a drop of `source` on `target` (null: dropped outside any list item) means. */
export type DropOutcome = { ok: true; pair: GroupPair } | { ok: false; reason: 'need_site' | 'need_card' };

/**
 * A card or card group must land on a site or site group, a site or site group on a card or card
 * group (the spec's two checks; either direction attaches the same pair).
 */
export function dropOutcome(source: ManageItem, target: ManageItem | null): DropOutcome {
  if (sideOf(source.kind) === 'card') {
    if (!target || sideOf(target.kind) !== 'site') return { ok: false, reason: 'need_site' };
    return { ok: true, pair: { card: source, site: target } };
  }
  if (!target || sideOf(target.kind) !== 'card') return { ok: false, reason: 'need_card' };
  return { ok: true, pair: { card: target, site: source } };
}

/** Drag ids are `kind:id` so one DndContext can hold all four lists. */
export const dragId = (item: Pick<ManageItem, 'kind' | 'id'>): string => `${item.kind}:${item.id}`;

/** Reads a drag id back (null when malformed). */
export function parseDragId(value: string): Pick<ManageItem, 'kind' | 'id'> | null {
  const at = value.indexOf(':');
  if (at < 0) return null;
  const kind = value.slice(0, at);
  const id = value.slice(at + 1);
  if (!['card', 'card_group', 'site', 'site_group'].includes(kind) || !id) return null;
  return { kind: kind as ManageKind, id };
}

/** An item with its lower-cased search text, built once per list (search runs on every key press). */
export interface Searchable<T> {
  item: T;
  text: string;
}

/** Prepares a list for {@link searchList}: one lower-cased string per item from its searchable fields. */
export function searchIndex<T>(
  items: readonly T[],
  fields: (item: T) => readonly (string | null | undefined)[],
) {
  return items.map((item) => ({
    item,
    text: fields(item)
      .filter((v): v is string => typeof v === 'string' && v.length > 0)
      .join(' ')
      .toLowerCase(),
  }));
}

/**
 * Items whose text holds every word of the query (any order), optionally narrowed by `keep`; the
 * index order is kept. Linear in the list: 50,000 cards filter in a few milliseconds.
 */
export function searchList<T>(
  index: readonly Searchable<T>[],
  query: string,
  keep?: (item: T) => boolean,
): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: T[] = [];
  for (const entry of index) {
    if (keep && !keep(entry.item)) continue;
    if (words.every((word) => entry.text.includes(word))) out.push(entry.item);
  }
  return out;
}

/** Card filters of the card list. */
export type CardFilter = 'all' | 'active' | 'blocked' | 'expired' | 'not_yet_valid';

/** The validity state of a card at `now` (ISO dates compared as instants). */
export function cardValidity(
  card: { blocked: boolean; validFrom?: string | null; validUntil?: string | null },
  now: Date,
): Exclude<CardFilter, 'all'> {
  if (card.blocked) return 'blocked';
  if (card.validFrom && Date.parse(card.validFrom) > now.getTime()) return 'not_yet_valid';
  if (card.validUntil && Date.parse(card.validUntil) < now.getTime()) return 'expired';
  return 'active';
}

/** Labels of the card validity states. */
export const CARD_VALIDITY_LABELS: Record<Exclude<CardFilter, 'all'>, string> = {
  active: 'Active',
  blocked: 'Blocked',
  expired: 'Expired',
  not_yet_valid: 'Not yet valid',
};

/** Targets offered by the keyboard alternative for an item: the other side's items, matching the query. */
export function keyboardTargets(
  source: ManageItem,
  candidates: { cards: readonly ManageItem[]; sites: readonly ManageItem[] },
  query: string,
  limit = 50,
): ManageItem[] {
  const pool = sideOf(source.kind) === 'card' ? candidates.sites : candidates.cards;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: ManageItem[] = [];
  for (const item of pool) {
    const text = item.label.toLowerCase();
    if (words.every((word) => text.includes(word))) out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}
