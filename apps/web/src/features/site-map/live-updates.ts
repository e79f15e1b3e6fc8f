import type { InfiniteData } from '@tanstack/react-query';
import type { LIVE_EVENTS, LivePayload, SiteListReply } from '@towerwatch/contract';
import { applyStatusUpdate } from '../site-list/index.ts';

/** The payload of a SITE_STATUS_UPDATED message. */
export type StatusUpdate = LivePayload<typeof LIVE_EVENTS.SITE_STATUS_UPDATED>;

/**
 * The loaded site pages after a batch of SITE_STATUS_UPDATED messages (the latest per site): the
 * sites they name get their alarms, DC load and online status replaced; pages without such a site
 * stay the same objects, so nothing else re-renders.
 */
export function applyStatusUpdates(
  data: InfiniteData<SiteListReply> | undefined,
  updates: ReadonlyMap<string, StatusUpdate>,
): InfiniteData<SiteListReply> | undefined {
  if (!data || updates.size === 0) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((site) => updates.has(site.uid))
        ? {
            ...page,
            items: page.items.map((site) => {
              const update = updates.get(site.uid);
              return update ? applyStatusUpdate(site, update) : site;
            }),
          }
        : page,
    ),
  };
}
