import { describe, expect, it } from 'vitest';
import {
  cardValidity,
  dragId,
  dropOutcome,
  keyboardTargets,
  type ManageItem,
  parseDragId,
  searchIndex,
  searchList,
} from './manage-model.ts';

const card: ManageItem = { kind: 'card', id: '1', label: 'Card 0001' };
const cardGroup: ManageItem = { kind: 'card_group', id: '2', label: 'Engineers' };
const site: ManageItem = { kind: 'site', id: 'S1', label: 'Gulshan' };
const siteGroup: ManageItem = { kind: 'site_group', id: '3', label: 'Dhaka North' };

describe('drops', () => {
  it('attaches a card or card group dropped on a site or site group', () => {
    expect(dropOutcome(cardGroup, siteGroup)).toEqual({
      ok: true,
      pair: { card: cardGroup, site: siteGroup },
    });
    expect(dropOutcome(card, site)).toEqual({ ok: true, pair: { card, site } });
  });

  it('attaches the same pair when a site side item is dropped on a card side item', () => {
    expect(dropOutcome(siteGroup, card)).toEqual({ ok: true, pair: { card, site: siteGroup } });
  });

  it('refuses a card dropped on a card or nowhere, and a site dropped on a site or nowhere', () => {
    expect(dropOutcome(card, cardGroup)).toEqual({ ok: false, reason: 'need_site' });
    expect(dropOutcome(cardGroup, null)).toEqual({ ok: false, reason: 'need_site' });
    expect(dropOutcome(site, siteGroup)).toEqual({ ok: false, reason: 'need_card' });
    expect(dropOutcome(siteGroup, null)).toEqual({ ok: false, reason: 'need_card' });
  });

  it('round-trips drag ids and rejects malformed ones', () => {
    expect(parseDragId(dragId(siteGroup))).toEqual({ kind: 'site_group', id: '3' });
    expect(parseDragId('site:a:b')).toEqual({ kind: 'site', id: 'a:b' });
    expect(parseDragId('nothing')).toBeNull();
    expect(parseDragId('door:1')).toBeNull();
    expect(parseDragId('card:')).toBeNull();
  });
});

describe('search', () => {
  const cards = Array.from({ length: 50_000 }, (_, i) => ({
    id: i,
    number: `C${String(i).padStart(6, '0')}`,
    holder: i % 2 ? 'Rahim Uddin' : 'Karim Ali',
  }));
  const index = searchIndex(cards, (c) => [c.number, c.holder, null]);

  it('matches every word in any order, case-insensitively, keeping the order', () => {
    const found = searchList(index, 'ali c00001');
    expect(found.map((c) => c.number)).toEqual(['C000010', 'C000012', 'C000014', 'C000016', 'C000018']);
    expect(searchList(index, '').length).toBe(50_000);
  });

  it('narrows with a filter', () => {
    expect(searchList(index, 'rahim', (c) => c.id < 10).map((c) => c.id)).toEqual([1, 3, 5, 7, 9]);
  });

  it('offers the other side as keyboard targets', () => {
    const pools = { cards: [card, cardGroup], sites: [site, siteGroup] };
    expect(keyboardTargets(card, pools, 'dhaka')).toEqual([siteGroup]);
    expect(keyboardTargets(site, pools, '')).toEqual([card, cardGroup]);
    expect(keyboardTargets(site, pools, '', 1)).toEqual([card]);
  });
});

describe('card validity', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  it('is blocked, not yet valid, expired or active', () => {
    expect(cardValidity({ blocked: true }, now)).toBe('blocked');
    expect(cardValidity({ blocked: false, validFrom: '2026-06-01T00:00:00Z' }, now)).toBe('not_yet_valid');
    expect(cardValidity({ blocked: false, validUntil: '2026-04-01T00:00:00Z' }, now)).toBe('expired');
    expect(cardValidity({ blocked: false, validFrom: null, validUntil: null }, now)).toBe('active');
  });
});
