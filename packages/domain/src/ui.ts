/**
 * UI constants: toasts, progress bar, sorting, error pages (docs/requirements.md#error-pages, docs/requirements.md#progress-bar, docs/requirements.md#toasts, docs/requirements.md#constants).
 */

/** Toasts appear top-center for 3000 ms (docs/requirements.md#toasts). */
export const TOAST = { position: 'top-center', autoCloseMs: 3000 } as const;

/** Progress bar following requests (docs/requirements.md#progress-bar). */
export const PROGRESS_BAR = { throttleMs: 200, durationMs: 5000 } as const;

/** Sort directions; tables default to descending (docs/requirements.md#ranking-tables). */
export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
/** A sort direction. */
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** Default sort direction of ranking tables. */
export const DEFAULT_SORT_DIRECTION: SortDirection = 'desc';

/** Toggles a table's sort direction. */
export function toggleSortDirection(direction: SortDirection): SortDirection {
  return direction === 'desc' ? 'asc' : 'desc';
}

/** Messages of the error pages (docs/requirements.md#error-pages). */
export const ERROR_PAGE = {
  notFoundMessage: 'This page could not be found',
  notFoundStatus: 404,
  defaultMessage: 'Error',
  defaultStatus: 500,
} as const;

/** Toast after copying the site ID (docs/requirements.md#top-bar). */
export const SITE_ID_COPIED_MESSAGE = 'Site ID copied to clipboard';
