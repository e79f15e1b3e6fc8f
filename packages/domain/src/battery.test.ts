import { describe, expect, it } from 'vitest';
import { batteryClass, batteryClassMoved, countedBatteryClass } from './battery.ts';

describe('battery classes of the dashboard counts (docs/requirements.md#battery-classes)', () => {
  it('is bad below the DC low-voltage threshold, at the default 47 V and at a site threshold', () => {
    expect(batteryClass(46.99)).toBe('bad');
    expect(batteryClass(47)).toBe('ok');
    expect(batteryClass(47.5, 48)).toBe('bad');
  });

  it('is ok below 50 V, good below 53 V and full from 53 V', () => {
    expect(batteryClass(49.99)).toBe('ok');
    expect(batteryClass(50)).toBe('good');
    expect(batteryClass(52.99)).toBe('good');
    expect(batteryClass(53)).toBe('full');
    expect(batteryClass(54.2)).toBe('full');
  });
});

describe('which battery readings can move a site battery class', () => {
  it('counts a reading from 0 V and leaves out none or negative values', () => {
    expect(countedBatteryClass(undefined)).toBeNull();
    expect(countedBatteryClass(null)).toBeNull();
    expect(countedBatteryClass(-1)).toBeNull();
    expect(countedBatteryClass(0)).toBe('bad');
    expect(countedBatteryClass(53.5)).toBe('full');
  });

  it('moves only when the counted class changes, at the site threshold', () => {
    expect(batteryClassMoved(53.4, 53.6)).toBe(false);
    expect(batteryClassMoved(52.99, 53)).toBe(true);
    expect(batteryClassMoved(47.5, 47.6)).toBe(false);
    expect(batteryClassMoved(47.5, 47.6, 47.55)).toBe(true);
    expect(batteryClassMoved(undefined, 53.5)).toBe(true);
    expect(batteryClassMoved(53.5, -1)).toBe(true);
    expect(batteryClassMoved(-2, -1)).toBe(false);
  });
});
