import { describe, expect, it } from 'vitest';
import {
  binaryDisplay,
  countRectifierVendors,
  DEFAULT_BATTERY_ADDRESS,
  DEFAULT_OEM_TAB,
  isRectifierType,
  RECTIFIER_VENDORS_COUNTED,
  rectifierClock,
} from './rectifier.ts';

describe('rectifier types and vendors (platform-core §3, §9)', () => {
  it('jvolt is a type but not a counted vendor', () => {
    expect(isRectifierType('jvolt')).toBe(true);
    expect(RECTIFIER_VENDORS_COUNTED).not.toContain('jvolt');
  });

  it('counts each vendor once per site over both slots', () => {
    expect(
      countRectifierVendors([
        { rectifier_type: 'sarbs', rectifier_type_2: 'sarbs' },
        { rectifier_type: 'vertiv', rectifier_type_2: 'eltek' },
        { rectifier_type: 'jvolt' },
        {},
      ]),
    ).toEqual({ sarbs: 1, vertiv: 1, eltek: 1 });
  });

  it('OEM tab defaults to rectifier and battery address to 1 (feature-areas §2)', () => {
    expect(DEFAULT_OEM_TAB).toBe('rectifier');
    expect(DEFAULT_BATTERY_ADDRESS).toBe(1);
  });
});

describe('rectifier clock (feature-areas §3)', () => {
  const parts = { year: 25, month: 3, date: 9, hour: 14, minute: 5, seconds: 7 };
  it('reads a two-digit year as 2000 plus it, in Dhaka time', () => {
    expect(rectifierClock(parts)?.toISOString()).toBe('2025-03-09T08:05:07.000Z');
    expect(rectifierClock({ ...parts, year: 0 })?.getUTCFullYear()).toBe(2000);
    expect(rectifierClock({ ...parts, year: 99, hour: 6 })?.toISOString()).toBe('2099-03-09T00:05:07.000Z');
  });

  it('keeps four-digit years and rejects out-of-range parts', () => {
    expect(rectifierClock({ ...parts, year: 2024 })?.toISOString()).toBe('2024-03-09T08:05:07.000Z');
    expect(rectifierClock({ ...parts, month: 13 })).toBeNull();
    expect(rectifierClock({ ...parts, month: 2, date: 30 })).toBeNull();
    expect(rectifierClock({ ...parts, hour: 24 })).toBeNull();
    expect(rectifierClock({ ...parts, minute: 1.5 })).toBeNull();
  });
});

describe('binary display (feature-areas §9)', () => {
  it('pads to 5 digits', () => {
    expect(binaryDisplay(0)).toBe('00000');
    expect(binaryDisplay(5)).toBe('00101');
    expect(binaryDisplay(31)).toBe('11111');
    expect(binaryDisplay(32)).toBe('100000');
    expect(binaryDisplay(-1)).toBe('');
    expect(binaryDisplay(2.5)).toBe('');
  });
});
