/**
 * The site session (docs/requirements.md#site-load), used by every site page: loading the user's site
 * list, focusing a site, the site list queries, and routing live events to the site modules.
 */
export { allSites, hasMorePages, mapPageItems } from './api/site-pages.ts';
export { leanSitesQueryOptions, type SiteListPages } from './api/visible-sites-api.ts';
export { useSiteLoad } from './hooks/use-site-load.ts';
export { isSiteModule, routedEventsStore, siteModuleKeys } from './module-routing.ts';
export { type OpenSite, useOpenSite } from './hooks/use-open-site.ts';
export { openSite, type SiteToOpen } from './open-site.ts';
export { isSiteListLoaded, isSiteListLoading, loadSiteList } from './site-load.ts';
export { useCompleteSiteList } from './hooks/use-complete-site-list.ts';
