/**
 * Payments and tickets (platform-core §3, feature-areas §3).
 */

/** Payment statuses (platform-core §3). */
export const PAYMENT_STATUSES = ['pending', 'complete', 'failed'] as const;
/** A payment status. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Responses of a payment update (platform-core §3). */
export const PAYMENT_RESPONSES = ['updated', 'invalid', 'duplicate'] as const;
/** A payment update response. */
export type PaymentResponse = (typeof PAYMENT_RESPONSES)[number];

/**
 * Allowed payment status transitions (not shown in the spec). Decision: pending may become complete
 * or failed; failed may be retried to pending; complete is final.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['complete', 'failed'],
  failed: ['pending'],
  complete: [],
};

/** True when `value` is a payment status. */
export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * The response to a payment status update: 'invalid' for an unknown status or a disallowed
 * transition, 'duplicate' when the status is unchanged, else 'updated'.
 */
export function paymentUpdateResponse(current: PaymentStatus, next: string): PaymentResponse {
  if (!isPaymentStatus(next)) return 'invalid';
  if (next === current) return 'duplicate';
  return PAYMENT_TRANSITIONS[current].includes(next) ? 'updated' : 'invalid';
}

/** Ticket create prepends the new ticket (platform-core §4); the list holds no duplicate ids. */
export function prependTicket<T extends { id: number | string }>(tickets: readonly T[], ticket: T): T[] {
  return [ticket, ...tickets.filter((t) => t.id !== ticket.id)];
}
