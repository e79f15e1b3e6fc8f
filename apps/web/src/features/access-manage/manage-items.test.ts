import type { AccessCard } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { cardItem, cardRow, itemOfSiteTarget, linkBody, siteRow } from './manage-items.ts';

const card = (extra: Partial<AccessCard> = {}): AccessCard => ({
  card_id: 7,
  card_number: 'A1B2',
  holder_name: 'Rahim',
  valid_from: null,
  valid_until: null,
  blocked: false,
  master: false,
  time_windows: [],
  company_id: 'c1',
  site_count: 0,
  group_ids: [],
  attached_to: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
});
const now = new Date('2026-05-01T00:00:00Z');

describe('manage items', () => {
  it('builds the call body of a pair (a site by uid, a group by number)', () => {
    expect(
      linkBody({
        card: { kind: 'card_group', id: '4', label: 'g' },
        site: { kind: 'site_group', id: '9', label: 's' },
      }),
    ).toEqual({ cardGroupId: 4, cardGroupType: 'card_group', siteGroupId: 9, siteGroupType: 'site_group' });
    expect(
      linkBody({
        card: cardItem(card()),
        site: itemOfSiteTarget({ siteGroupType: 'site', siteGroupId: 'S-1', name: 'x' }),
      }),
    ).toEqual({ cardGroupId: 7, cardGroupType: 'card', siteGroupId: 'S-1', siteGroupType: 'site' });
  });

  it('describes a card: label with holder, where it is, and a badge only when not active', () => {
    expect(cardRow(card(), now)).toEqual({
      item: { kind: 'card', id: '7', label: 'A1B2 · Rahim' },
      detail: 'not on any site',
      badge: null,
    });
    const row = cardRow(card({ blocked: true, site_count: 2, group_ids: [1], master: true }), now);
    expect(row.detail).toBe('master card · 2 sites · 1 group');
    expect(row.badge).toEqual({ label: 'Blocked', color: 'red' });
    expect(cardRow(card({ valid_until: '2026-04-01T00:00:00Z' }), now).badge?.label).toBe('Expired');
  });

  it('shows a site sync badge only when pending or failed, and only once a list was sent', () => {
    const site = {
      site_uid: 'S1',
      name: 'Gulshan',
      attached: [],
      direct_cards: 0,
      sync: 'pending' as const,
      version: 2,
    };
    expect(siteRow(site).badge).toEqual({ label: 'Sync pending', color: 'yellow' });
    expect(siteRow({ ...site, version: 0 }).badge).toBeNull();
    expect(siteRow({ ...site, sync: 'applied' }).badge).toBeNull();
  });

  it('says what a site holds: cards added directly and attachments, "no cards added or attached directly" only without both', () => {
    const site = {
      site_uid: 'S1',
      name: 'Gulshan',
      attached: [],
      direct_cards: 0,
      sync: 'applied' as const,
      version: 1,
    };
    const target = { cardGroupType: 'card_group' as const, cardGroupId: 3, name: 'Field' };
    expect(siteRow(site).detail).toBe('no cards added or attached directly');
    expect(siteRow({ ...site, direct_cards: 1 }).detail).toBe('1 card added directly');
    expect(siteRow({ ...site, direct_cards: 2, attached: [target] }).detail).toBe(
      '2 cards added directly · 1 attached',
    );
    expect(siteRow({ ...site, attached: [target] }).detail).toBe('1 attached');
  });
});
