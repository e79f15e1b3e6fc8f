import type { LIVE_EVENTS, LivePayload, SiteLean } from '@towerwatch/contract';
import { applyStatusUpdate } from '../site-list/index.ts';

/** The payload of a SITE_STATUS_UPDATED message. */
export type StatusUpdate = LivePayload<typeof LIVE_EVENTS.SITE_STATUS_UPDATED>;

/**
 * A batch of SITE_STATUS_UPDATED messages (the latest per site) as an update of one site: the sites
 * they name get their alarms, DC load and online status replaced; the others stay the same objects
 * (so pages without such a site stay the same too, and nothing else re-renders).
 */
export function statusUpdater(
  updates: ReadonlyMap<string, StatusUpdate>,
): <T extends SiteLean>(site: T) => T {
  return (site) => {
    const update = updates.get(site.uid);
    return update ? applyStatusUpdate(site, update) : site;
  };
}
