/**
 * Duration helper: seconds to hours and minutes (docs/requirements.md#duration-format).
 */

/** Options of {@link formatDuration}. */
export interface DurationFormatOptions {
  /** 'short' gives '1hr 5m'; 'long' gives '1 Hours 5 Minutes'. Default 'short'. */
  form?: 'short' | 'long';
  /** Show hours only (minutes dropped, not rounded). */
  hoursOnly?: boolean;
}

/** Whole hours and remaining whole minutes of a number of seconds (floored). */
export function splitDuration(seconds: number): { hours: number; minutes: number } {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds / 60) : 0;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * Formats seconds as hours and minutes (docs/requirements.md#duration-format): short '1hr 5m', long '1 Hours 5 Minutes'
 * (the spec's ' Hours' and ' Minutes' suffixes), or hours only ('1hr' / '1 Hours'). Decisions: hours
 * are always shown, even 0 ('0hr 5m'); seconds are floored; negative or non-finite input is 0.
 */
export function formatDuration(seconds: number, options: DurationFormatOptions = {}): string {
  const { hours, minutes } = splitDuration(seconds);
  const long = options.form === 'long';
  const h = long ? `${hours} Hours` : `${hours}hr`;
  if (options.hoursOnly) return h;
  return long ? `${h} ${minutes} Minutes` : `${h} ${minutes}m`;
}
