import type { NetworkEvent } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import {
  type FuelSite,
  filterFuelSites,
  fleetTotals,
  fuelColour,
  fuelEventText,
  isFuelEvent,
  mergeFuelEvent,
} from './fuel-model.ts';

const site = (uid: string, levelPct: number, extra: Partial<FuelSite> = {}): FuelSite => ({
  siteUid: uid,
  siteName: `Site ${uid}`,
  comId: `c-${uid}`,
  levelPct,
  litres: levelPct * 2,
  tankLitres: 200,
  time: '2025-11-20T06:00:00.000Z',
  low: levelPct <= 20,
  lowFuelPercent: 20,
  dgRunning: false,
  theftSuspected: false,
  ...extra,
});

const event = (id: number, name: string, value: number | null): Omit<NetworkEvent, 'siteName'> =>
  ({
    id,
    name,
    time: '2025-11-20T06:00:00.000Z',
    siteUid: 'b',
    tenant: null,
    group: 'RMS',
    active: true,
    value,
    acknowledgedBy: null,
    acknowledgedAt: null,
  }) as Omit<NetworkEvent, 'siteName'>;

describe('fleet fuel view', () => {
  const items = [site('a', 60), site('b', 15, { theftSuspected: true, dgRunning: true }), site('c', 40)];

  it('lists the lowest first and filters by text, low level and theft', () => {
    const all = { search: '', lowOnly: false, theftOnly: false };
    expect(filterFuelSites(items, all).map((s) => s.siteUid)).toEqual(['b', 'c', 'a']);
    expect(filterFuelSites(items, { ...all, lowOnly: true }).map((s) => s.siteUid)).toEqual(['b']);
    expect(filterFuelSites(items, { ...all, theftOnly: true }).map((s) => s.siteUid)).toEqual(['b']);
    expect(filterFuelSites(items, { ...all, search: 'site C' }).map((s) => s.siteUid)).toEqual(['c']);
  });

  it('colours levels by the percentage thresholds and totals the fleet', () => {
    expect([fuelColour(15), fuelColour(40), fuelColour(60)]).toEqual(['red', 'sky', 'green']);
    expect(fleetTotals(items)).toEqual({ litres: 230, tankLitres: 600, running: 1 });
  });

  it('merges live fuel events with the site name, replacing by id', () => {
    expect(isFuelEvent('fuel_theft_suspected')).toBe(true);
    expect(isFuelEvent('fuel_refill')).toBe(true);
    expect(isFuelEvent('dg_power')).toBe(false);
    const names = new Map([['b', 'Site b']]);
    const first = mergeFuelEvent([], event(5, 'fuel_theft_suspected', 24.4), names);
    expect(first.map((e) => [e.id, e.siteName])).toEqual([[5, 'Site b']]);
    const next = mergeFuelEvent(first, event(6, 'fuel_refill', 120), new Map());
    expect(next.map((e) => [e.id, e.siteName])).toEqual([
      [6, 'b'],
      [5, 'Site b'],
    ]);
    expect(
      mergeFuelEvent(next, { ...event(5, 'fuel_theft_suspected', 24.4), active: false }, names),
    ).toHaveLength(2);
  });

  it('says what a fuel event means in litres', () => {
    expect(fuelEventText({ name: 'fuel_theft_suspected', value: 24.4 })).toBe('Suspected theft: 24 L');
    expect(fuelEventText({ name: 'fuel_refill', value: 120 })).toBe('Refill: 120 L');
    expect(fuelEventText({ name: 'fuel_refill', value: null })).toBe('Refill');
  });
});
