import { describe, expect, it } from 'vitest';
import { DEMO_VENDOR_CONTACT, vendorContact } from './vendor-contact.ts';

describe('vendorContact', () => {
  it('reads VITE_VENDOR_* and falls back to the demo values (never a placeholder)', () => {
    expect(vendorContact({})).toEqual(DEMO_VENDOR_CONTACT);
    expect(vendorContact({ VITE_VENDOR_PHONE: ' +880 2 123 ', VITE_VENDOR_EMAIL: '  ' })).toEqual({
      ...DEMO_VENDOR_CONTACT,
      phone: '+880 2 123',
    });
    for (const value of Object.values(vendorContact({}))) expect(value).not.toMatch(/[{}]/);
  });
});
