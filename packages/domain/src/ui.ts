/**
 * UI constants: toasts, progress bar, dropdown, spinner, chart labels, sorting
 * (platform-core §2, §5, §7, §8, §9).
 */

/** Toasts appear top-center for 3000 ms (platform-core §8). */
export const TOAST = { position: 'top-center', autoCloseMs: 3000 } as const;

/** Progress bar following requests (platform-core §7). */
export const PROGRESS_BAR = { throttleMs: 200, durationMs: 5000 } as const;

/** Dropdown: list max height 50vh; flipped upward below 80% of the window height (platform-core §9). */
export const DROPDOWN = { maxHeight: '50vh', flipAboveRatio: 0.8 } as const;

/**
 * Whether the dropdown opens upward: the click is below 80% of the window height. Decision: exactly
 * at 80% does not flip.
 */
export function dropdownOpensUpward(clickY: number, windowHeight: number): boolean {
  return clickY > windowHeight * DROPDOWN.flipAboveRatio;
}

/** Spinner sizes (platform-core §5). */
export const SPINNER_SIZES = ['xs', 'sm', 'md', 'lg'] as const;
/** A spinner size. */
export type SpinnerSize = (typeof SPINNER_SIZES)[number];

/** True when the value is a valid spinner size (platform-core §5). */
export function isSpinnerSize(value: unknown): value is SpinnerSize {
  return typeof value === 'string' && (SPINNER_SIZES as readonly string[]).includes(value);
}

/** Chart label formats (date-fns tokens): hours 'h:mm aa', otherwise 'd MMM' (platform-core §9). */
export const CHART_LABEL_FORMATS = { hour: 'h:mm aa', day: 'd MMM' } as const;

/** Chart label format for a zoom in minutes. Decision: zooms under a day use the hour format. */
export function chartLabelFormat(zoomMinutes: number): string {
  return zoomMinutes < 1440 ? CHART_LABEL_FORMATS.hour : CHART_LABEL_FORMATS.day;
}

/** Link prefetch idle timeout (platform-core §9). */
export const LINK_PREFETCH_IDLE_MS = 2000;
/** Page transition (platform-core §9). */
export const PAGE_TRANSITION = { name: 'page', mode: 'out-in' } as const;

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
