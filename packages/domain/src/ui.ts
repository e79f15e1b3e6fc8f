/**
 * UI constants: toasts, progress bar, sorting, error pages (platform-core §2, §7, §8, §9).
 */

/** Toasts appear top-center for 3000 ms (platform-core §8). */
export const TOAST = { position: 'top-center', autoCloseMs: 3000 } as const;

/** Progress bar following requests (platform-core §7). */
export const PROGRESS_BAR = { throttleMs: 200, durationMs: 5000 } as const;

/** Sort directions; tables default to descending (platform-core §2). */
export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
/** A sort direction. */
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** Default sort direction of ranking tables. */
export const DEFAULT_SORT_DIRECTION: SortDirection = 'desc';

/** Toggles a table's sort direction. */
export function toggleSortDirection(direction: SortDirection): SortDirection {
  return direction === 'desc' ? 'asc' : 'desc';
}

/** Messages of the error pages (platform-core §2, §8). */
export const ERROR_PAGE = {
  notFoundMessage: 'This page could not be found',
  notFoundStatus: 404,
  defaultMessage: 'Error',
  defaultStatus: 500,
} as const;

/** Toast after copying the site ID (platform-core §2). */
export const SITE_ID_COPIED_MESSAGE = 'Site ID copied to clipboard';
