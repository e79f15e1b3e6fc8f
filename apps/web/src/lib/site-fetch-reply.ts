import type { Site, SiteLean, SiteListReply } from '@towerwatch/contract';

/** True for an item of the full form (the lean form leaves out `more_details`, `settings`, `inc`, `bms`). */
function isFullSite(item: Site | SiteLean): item is Site {
  return 'more_details' in item;
}

/**
 * GET /user/site/fetch replies in the full or the lean form (`lean=true`); the contract's reply type
 * is their union. A call made without `lean` reads the full form with this: it keeps the full items
 * (every item, as the server sends them), typed as such without a cast.
 */
export function fullSiteList(
  reply: Omit<SiteListReply, 'items'> & { items: (Site | SiteLean)[] },
): SiteListReply {
  return { ...reply, items: reply.items.filter(isFullSite) };
}
