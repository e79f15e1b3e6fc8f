import { describe, expect, it } from 'vitest';
import { activeAlarms, cellBars, oemColour, withUnit } from './oem-model.ts';

describe('oem model', () => {
  it('colours values by the domain thresholds', () => {
    expect(oemColour('soh', 74)).toBe('red');
    expect(oemColour('soh', 80)).toBe('yellow');
    expect(oemColour('soc', 45)).toBe('cyan');
    expect(oemColour('ac_frequency', 50)).toBe('teal');
    expect(oemColour('output_voltage', null)).toBe('gray');
  });

  it('marks the weakest and strongest cell', () => {
    const bars = cellBars([3.34, 3.2, 3.36, 3.34]);
    expect(bars.map((b) => b.mark)).toEqual([null, 'weakest', 'strongest', null]);
    expect(bars[1]?.cell).toBe(2);
    expect(cellBars([3.3, 3.3]).map((b) => b.mark)).toEqual([null, null]);
  });

  it('lists active alarms, most severe first', () => {
    const alarms = activeAlarms([
      { code: 'A', name: 'a', active: true, severity: 'minor' },
      { code: 'B', name: 'b', active: false, severity: 'critical' },
      { code: 'C', name: 'c', active: true, severity: 'critical' },
    ]);
    expect(alarms.map((a) => a.code)).toEqual(['C', 'A']);
  });

  it('formats values with units', () => {
    expect(withUnit(53.456, 'V', 2)).toBe('53.46 V');
    expect(withUnit(undefined, 'V')).toBe('–');
  });
});
