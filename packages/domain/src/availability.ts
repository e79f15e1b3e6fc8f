/**
 * Availability: the share of the possible time that sites were up (
 * docs/requirements.md#site-availability).
 */

/**
 * Availability in percent with two decimals: 100 × (1 − down ÷ possible). Down time is capped at
 * the possible time; with no possible time (an empty range) the answer is 100. Any time unit works
 * as long as both arguments use the same one.
 */
export function availabilityPercent(down: number, possible: number): number {
  if (!(possible > 0)) return 100;
  return Math.round((1 - Math.min(Math.max(down, 0), possible) / possible) * 10_000) / 100;
}
