import {
  alarmFromTuple,
  type Site,
  type SiteCompact,
  type SiteLean,
  type SiteLeanListReply,
  type SiteListReply,
} from '@towerwatch/contract';

/** True for an item of the full form (the lean form leaves out `more_details`, `settings`, `inc`, `bms`). */
function isFullSite(item: Site | SiteLean | SiteCompact): item is Site {
  return 'more_details' in item;
}

/**
 * GET /user/site/fetch replies in the full, the lean or the compact form; the contract's reply type
 * is their union. A call made without `lean` reads the full form with this: it keeps the full items
 * (every item, as the server sends them), typed as such without a cast.
 */
export function fullSiteList(
  reply: Omit<SiteListReply, 'items'> & { items: (Site | SiteLean | SiteCompact)[] },
): SiteListReply {
  return { ...reply, items: reply.items.filter(isFullSite) };
}

/**
 * A GET /user/site/fetch reply asked with `compact=true`, read back as the lean list the pages use:
 * each compact alarm tuple becomes its brief alarm (contract `alarmFromTuple`); items already in
 * object form are kept as they are.
 */
export function leanSiteList(
  reply: Omit<SiteLeanListReply, 'items'> & { items: (Site | SiteLean | SiteCompact)[] },
): SiteLeanListReply {
  return {
    ...reply,
    items: reply.items.map(
      (item): SiteLean => ({
        ...item,
        alarms: item.alarms.map((alarm) => (Array.isArray(alarm) ? alarmFromTuple(alarm) : alarm)),
      }),
    ),
  };
}
