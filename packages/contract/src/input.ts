/**
 * Building blocks every input schema uses (issue 12): strings that refuse a NUL byte or an unpaired
 * surrogate (PostgreSQL text and jsonb cannot hold them), integers bounded to what the database and the date arithmetic take, and a
 * bounded free-form JSON object. The caps live in the domain (`input-limits.ts`); a value outside
 * them is a 400 naming the field, never a 500. See docs/api.md "Input limits".
 */
import { freeJsonProblem, isStorableText, PG_INT_MAX, UNSTORABLE_TEXT_MESSAGE } from '@towerwatch/domain';
import { z } from 'zod';

/**
 * A string PostgreSQL can store (no NUL byte, no unpaired surrogate); chain `.trim().min().max()` as
 * on `z.string()`.
 */
export function safeText() {
  return z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
}

/** An integer of the query string (coerced) within [min, max]; NaN, fractions and overflow are refused. */
export function queryInt(min: number, max: number) {
  return z.coerce.number().int().min(min).max(max);
}

/** An integer id of a JSON body that fits a PostgreSQL `integer` (1 … 2147483647). */
export const bodyIntId = z.number().int().min(1).max(PG_INT_MAX);

/**
 * A free-form JSON object (`more_details`): any keys and values, within the domain's caps on depth,
 * keys and size, and without NUL characters in keys or strings. Checked without recursion.
 */
export const freeJsonObject = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const problem = freeJsonProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
