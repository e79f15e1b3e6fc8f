import { describe, expect, it } from 'vitest';
import { batteryClass } from './battery.ts';

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
