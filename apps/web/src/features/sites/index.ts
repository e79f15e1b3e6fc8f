/**
 * The site session (docs/requirements.md#site-load), used by every site page: loading the user's site
 * list, focusing a site, the site list queries, and routing live events to the site modules.
 */
export { mapPageItems } from './api/site-pages.ts';
export { useSiteLoad } from './hooks/use-site-load.ts';
export { siteModuleKeys } from './module-routing.ts';
export { useOpenSite } from './hooks/use-open-site.ts';
export { openSite } from './open-site.ts';
export { useCompleteSiteList } from './hooks/use-complete-site-list.ts';
