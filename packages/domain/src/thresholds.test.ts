import { describe, expect, it } from 'vitest';
import { DEFAULT_DC_LOW_VOLTAGE } from './battery.ts';
import { DEFAULT_DC_LOAD_LIMITS } from './dc-load.ts';
import { DEFAULT_ALARM_THRESHOLDS } from './thresholds.ts';

describe('default alarm thresholds', () => {
  it('take the DC load limits and the DC low voltage of the domain', () => {
    expect(DEFAULT_ALARM_THRESHOLDS.dcOverloadCurrent).toBe(DEFAULT_DC_LOAD_LIMITS.overLoadAboveAmps);
    expect(DEFAULT_ALARM_THRESHOLDS.dcOverloadCurrent).toBe(60);
    expect(DEFAULT_ALARM_THRESHOLDS.dcNoLoadCurrent).toBe(1);
    expect(DEFAULT_ALARM_THRESHOLDS.dcLowVoltage).toBe(DEFAULT_DC_LOW_VOLTAGE);
  });
});
