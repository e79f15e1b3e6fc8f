import { describe, expect, it } from 'vitest';
import { countRectifierVendors, isRectifierType, RECTIFIER_VENDORS_COUNTED } from './rectifier.ts';

describe('rectifier types and vendors (docs/requirements.md#rectifier-types)', () => {
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
});
