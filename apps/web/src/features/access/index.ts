/**
 * What the access feature offers Manage Access: the card form's fields and their conversions, the
 * validity words and the 400-to-field helper (one card form for both screens).
 */
export {
  type CardDraft,
  CardFields,
  cardDraftOf,
  cardFieldsOf,
  emptyCardDraft,
} from './components/card-fields.tsx';
export { fieldErrors } from './field-errors.ts';
export { formatTimeWindows, formatValidity } from './validity-model.ts';
