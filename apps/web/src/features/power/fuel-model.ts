import type { FuelFleetReply, NetworkEvent } from '@towerwatch/contract';
import { FUEL_EVENT_NAMES, mergeLiveEvent, valueColour } from '@towerwatch/domain';

/** One DG site of the fleet fuel view. */
export type FuelSite = FuelFleetReply['items'][number];

/** The fleet view's filter: text in the site's name or uid, only sites below the threshold, only suspected thefts. */
export interface FuelFilter {
  search: string;
  lowOnly: boolean;
  theftOnly: boolean;
}

/** The sites matching the filter, lowest level first (ties by name). */
export function filterFuelSites(items: readonly FuelSite[], filter: FuelFilter): FuelSite[] {
  const text = filter.search.trim().toLowerCase();
  return items
    .filter(
      (s) =>
        (!text || s.siteName.toLowerCase().includes(text) || s.siteUid.toLowerCase().includes(text)) &&
        (!filter.lowOnly || s.low) &&
        (!filter.theftOnly || s.theftSuspected),
    )
    .sort((a, b) => a.levelPct - b.levelPct || a.siteName.localeCompare(b.siteName));
}

/** Colour of a fuel level: the spec's percentage thresholds (docs/requirements.md#colour-thresholds). */
export const fuelColour = (levelPct: number) => valueColour('percentage', levelPct);

/** Litres in the fleet's tanks and how many DGs run now. */
export function fleetTotals(items: readonly FuelSite[]): {
  litres: number;
  tankLitres: number;
  running: number;
} {
  return items.reduce(
    (t, s) => ({
      litres: t.litres + s.litres,
      tankLitres: t.tankLitres + s.tankLitres,
      running: t.running + (s.dgRunning ? 1 : 0),
    }),
    { litres: 0, tankLitres: 0, running: 0 },
  );
}

/** Whether a live site event is a fuel event (refill or suspected theft, docs/requirements.md#fuel-theft). */
export function isFuelEvent(name: string): boolean {
  return (FUEL_EVENT_NAMES as readonly string[]).includes(name);
}

/**
 * A live fuel event merged into the held list (replace by id, else prepend), with the site's name from
 * the fleet (the live event carries none; the uid stands in when the site is not in the fleet view).
 */
export function mergeFuelEvent(
  events: readonly NetworkEvent[],
  event: Omit<NetworkEvent, 'siteName'>,
  siteNames: ReadonlyMap<string, string>,
): NetworkEvent[] {
  return mergeLiveEvent(events, { ...event, siteName: siteNames.get(event.siteUid) ?? event.siteUid });
}

/** "Suspected theft: 24 L" / "Refill: 120 L" of a fuel event's litres. */
export function fuelEventText(event: Pick<NetworkEvent, 'name' | 'value'>): string {
  const litres = event.value === null ? '' : `: ${Math.round(event.value)} L`;
  return event.name === 'fuel_theft_suspected' ? `Suspected theft${litres}` : `Refill${litres}`;
}
