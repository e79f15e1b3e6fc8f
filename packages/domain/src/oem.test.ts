import { describe, expect, it } from 'vitest';
import { valueColour } from './colours.ts';
import {
  bankRiskScore,
  binaryDisplay,
  cellSpread,
  isFlapping,
  OEM_VALUE_COLOURS,
  rankBanks,
  rectifierClock,
  serviceString,
} from './oem.ts';

describe('rectifierClock (docs/requirements.md#rectifier-clock)', () => {
  it('reads a two-digit year as 2000 plus it, in Asia/Dhaka time', () => {
    const at = rectifierClock({ year: 24, month: 3, date: 5, hour: 6, minute: 7, seconds: 8 });
    expect(at?.toISOString()).toBe('2024-03-05T00:07:08.000Z');
  });
  it('keeps a four-digit year', () => {
    expect(
      rectifierClock({ year: 2025, month: 12, date: 31, hour: 23, minute: 59, seconds: 59 })?.toISOString(),
    ).toBe('2025-12-31T17:59:59.000Z');
  });
  it('gives null for invalid parts', () => {
    expect(rectifierClock({ year: 24, month: 2, date: 30, hour: 0, minute: 0, seconds: 0 })).toBeNull();
    expect(rectifierClock({ year: 24, month: 13, date: 1, hour: 0, minute: 0, seconds: 0 })).toBeNull();
    expect(rectifierClock({ year: 24, month: 1, date: 1, hour: 24, minute: 0, seconds: 0 })).toBeNull();
    expect(rectifierClock({ year: 24, month: 1, date: 1, hour: 1, minute: 0.5, seconds: 0 })).toBeNull();
    expect(rectifierClock({ month: 1, date: 1, hour: 1, minute: 0, seconds: 0 })).toBeNull();
    expect(rectifierClock(null)).toBeNull();
  });
});

describe('binaryDisplay (docs/requirements.md#binary-display)', () => {
  it('pads to 5 digits', () => {
    expect(binaryDisplay(5)).toBe('00101');
    expect(binaryDisplay(0)).toBe('00000');
  });
  it('shows wider values in full and refuses non-integers', () => {
    expect(binaryDisplay(63)).toBe('111111');
    expect(binaryDisplay(-1)).toBe('-');
    expect(binaryDisplay(1.5)).toBe('-');
    expect(binaryDisplay(null)).toBe('-');
  });
});

describe('OEM value colours (docs/requirements.md#colour-thresholds)', () => {
  it('uses the spec thresholds per value', () => {
    expect(valueColour(OEM_VALUE_COLOURS.soh, 75)).toBe('red');
    expect(valueColour(OEM_VALUE_COLOURS.soh, 85)).toBe('yellow');
    expect(valueColour(OEM_VALUE_COLOURS.soh, 90)).toBe('green');
    expect(valueColour(OEM_VALUE_COLOURS.soc, 50)).toBe('sky');
    expect(valueColour(OEM_VALUE_COLOURS.ac_frequency, 61)).toBe('red');
    expect(valueColour(OEM_VALUE_COLOURS.ac_frequency, 50)).toBe('green');
    expect(valueColour(OEM_VALUE_COLOURS.output_voltage, 53.5)).toBe('green');
    expect(valueColour(OEM_VALUE_COLOURS.output_voltage, 47)).toBe('blue');
    expect(valueColour(OEM_VALUE_COLOURS.module_current, 8)).toBe('red');
    expect(valueColour(OEM_VALUE_COLOURS.capacity, 400)).toBe('yellow');
  });
});

describe('cellSpread', () => {
  it('marks the weakest and strongest cell', () => {
    expect(cellSpread([3.3, 3.28, 3.35, 3.28])).toEqual({
      weakest: 1,
      strongest: 2,
      min: 3.28,
      max: 3.35,
      spread: 0.07,
    });
    expect(cellSpread([])).toBeNull();
  });
});

describe('isFlapping (docs/requirements.md#device-monitoring)', () => {
  it('flags more than 3 offline transitions a day', () => {
    expect(isFlapping(3)).toBe(false);
    expect(isFlapping(4)).toBe(true);
  });
});

describe('serviceString (docs/requirements.md#service-string)', () => {
  it('joins the reported parts in a fixed order', () => {
    expect(
      serviceString({
        firmware: '2.4.1',
        model: 'RMS-4G',
        uptime_s: 3 * 86_400 + 4 * 3600 + 300,
        rssi_dbm: -71,
        last_error: null,
      }),
    ).toBe('model=RMS-4G; fw=2.4.1; up=3d 4h 5m; rssi=-71 dBm; err=none');
    expect(serviceString({ last_error: 'modbus timeout' })).toBe('err=modbus timeout');
    expect(serviceString(null)).toBe('');
    expect(serviceString({})).toBe('');
  });
});

describe('battery bank ranking (docs/requirements.md#battery-bank-health)', () => {
  it('scores spread, SOH and its fall', () => {
    expect(bankRiskScore({ spread: 0.06, soh: 82, sohTrend30d: -1 })).toBe(88);
    expect(bankRiskScore({ spread: null, soh: null, sohTrend30d: 2 })).toBe(0);
  });
  it('ranks the riskiest bank first', () => {
    const ranked = rankBanks([
      { id: 'a', spread: 0.01, soh: 98, sohTrend30d: 0 },
      { id: 'b', spread: 0.09, soh: 80, sohTrend30d: -2 },
      { id: 'c', spread: 0.02, soh: 70, sohTrend30d: -0.5 },
    ]);
    expect(ranked.map((b) => b.id)).toEqual(['b', 'c', 'a']);
  });
});
