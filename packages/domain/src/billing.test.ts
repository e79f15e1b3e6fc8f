import { describe, expect, it } from 'vitest';
import { PAYMENT_RESPONSES, PAYMENT_STATUSES, paymentUpdateResponse, prependTicket } from './billing.ts';

describe('payments (platform-core §3)', () => {
  it('lists statuses and responses', () => {
    expect(PAYMENT_STATUSES).toEqual(['pending', 'complete', 'failed']);
    expect(PAYMENT_RESPONSES).toEqual(['updated', 'invalid', 'duplicate']);
  });

  it('answers updated, duplicate or invalid', () => {
    expect(paymentUpdateResponse('pending', 'complete')).toBe('updated');
    expect(paymentUpdateResponse('pending', 'pending')).toBe('duplicate');
    expect(paymentUpdateResponse('complete', 'failed')).toBe('invalid');
    expect(paymentUpdateResponse('pending', 'refunded')).toBe('invalid');
    expect(paymentUpdateResponse('failed', 'pending')).toBe('updated');
  });
});

describe('tickets (platform-core §4)', () => {
  it('prepends a created ticket without duplicating ids', () => {
    expect(prependTicket([{ id: 2 }, { id: 1 }], { id: 3 }).map((t) => t.id)).toEqual([3, 2, 1]);
    expect(prependTicket([{ id: 2 }, { id: 1 }], { id: 1 }).map((t) => t.id)).toEqual([1, 2]);
  });
});
