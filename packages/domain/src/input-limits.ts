/**
 * Limits on what a request may carry (issue 12): one home for the caps the contract's input
 * schemas enforce, so a value the database cannot hold, or a free-form JSON document that would
 * exhaust the stack or the store, is refused as bad input (400 naming the field) before any query.
 */

/** Largest value of a PostgreSQL `integer` column: ids and cursors above it are bad input. */
export const PG_INT_MAX = 2_147_483_647;

/** Largest 1-based page number any list accepts (page × limit stays far inside a `bigint` offset). */
export const MAX_PAGE = 1_000_000;

/**
 * Largest duration in minutes a query accepts (`minDuration`, `maxDuration` of the site filter):
 * 100 years, so "now minus the duration" is always a valid date.
 */
export const MAX_DURATION_MINUTES = 100 * 366 * 24 * 60;

/** Free-form JSON fields (`more_details`): deepest nesting accepted (the top object is level 1). */
export const FREE_JSON_MAX_DEPTH = 10;
/** Free-form JSON fields: most object keys plus array items accepted, counted over every level. */
export const FREE_JSON_MAX_KEYS = 2_000;
/** Free-form JSON fields: largest size accepted, in UTF-16 code units of keys and strings plus 8 per other value. */
export const FREE_JSON_MAX_BYTES = 64 * 1024;
/** Longest object key accepted in a free-form JSON field. */
export const FREE_JSON_MAX_KEY_LENGTH = 200;

/** A UTF-16 surrogate without its pair (PostgreSQL jsonb refuses it; text would store U+FFFD). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The message of a string refused by {@link isStorableText}. */
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain a NUL character (\\u0000) or an unpaired surrogate';

/** True when PostgreSQL can store the string: no NUL character, no unpaired UTF-16 surrogate. */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !UNPAIRED_SURROGATE.test(s);
}

/** Why a free-form JSON value is refused, or null when it is within the caps. */
export function freeJsonProblem(value: unknown): string | null {
  // Iterative walk (an explicit stack): a 5,000-level document must not overflow the call stack.
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 1 }];
  let keys = 0;
  let size = 0;
  while (stack.length > 0) {
    const item = stack.pop() as { v: unknown; depth: number };
    const { v, depth } = item;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return UNSTORABLE_TEXT_MESSAGE;
      size += v.length;
    } else if (v !== null && typeof v === 'object') {
      if (depth > FREE_JSON_MAX_DEPTH)
        return `must not be nested more than ${FREE_JSON_MAX_DEPTH} levels deep`;
      const entries = Array.isArray(v) ? v.map((x) => ['', x] as const) : Object.entries(v);
      keys += entries.length;
      if (keys > FREE_JSON_MAX_KEYS) return `must not have more than ${FREE_JSON_MAX_KEYS} keys and items`;
      for (const [k, x] of entries) {
        if (!isStorableText(k)) return UNSTORABLE_TEXT_MESSAGE;
        if (k.length > FREE_JSON_MAX_KEY_LENGTH)
          return `keys must be at most ${FREE_JSON_MAX_KEY_LENGTH} characters`;
        size += k.length;
        stack.push({ v: x, depth: depth + 1 });
      }
    } else {
      size += 8;
    }
    if (size > FREE_JSON_MAX_BYTES) return `must not be larger than ${FREE_JSON_MAX_BYTES} bytes`;
  }
  return null;
}
