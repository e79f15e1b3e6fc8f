import { ApiError } from '../../lib/api-error.ts';

/** A 400's message under the field it names (`body.card_number` → `card_number`); else under `form`. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.field) {
    return { [error.field.replace(/^(body|query|params)\./, '')]: error.message };
  }
  return { form: error instanceof Error ? error.message : 'Something went wrong' };
}
