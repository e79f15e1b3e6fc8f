/** What the site list offers other site pages: its search and the live status update of a list. */
export { applyStatusUpdate, matchesSearch } from './site-list-model.ts';
