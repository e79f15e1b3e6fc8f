import { describe, expect, it } from 'vitest';
import {
  dayOfInstant,
  formatDays,
  formatTimeWindows,
  formatValidity,
  validFromOfDay,
  validUntilOfDay,
} from './validity-model.ts';

describe('card validity in words', () => {
  it('collapses days into runs', () => {
    expect(formatDays([0, 1, 2, 3, 4])).toBe('Sun–Thu');
    expect(formatDays([6, 0, 2, 3, 4])).toBe('Sun, Tue–Thu, Sat');
    expect(formatDays([5, 6])).toBe('Fri, Sat');
    expect(formatDays([0, 1, 2, 3, 4, 5, 6])).toBe('Every day');
    expect(formatDays([3])).toBe('Wed');
  });

  it('writes windows, none meaning any time', () => {
    expect(formatTimeWindows([{ days: [0, 1, 2, 3, 4], from: '08:00', until: '18:00' }])).toBe(
      'Sun–Thu 08:00–18:00',
    );
    expect(
      formatTimeWindows([
        { days: [5], from: '22:00', until: '06:00' },
        { days: [6], from: '10:00', until: '12:00' },
      ]),
    ).toBe('Fri 22:00–06:00; Sat 10:00–12:00');
    expect(formatTimeWindows([])).toBe('Any time');
  });

  it('turns Dhaka days into validity instants and back', () => {
    expect(validFromOfDay('2026-05-01')).toBe('2026-05-01T00:00:00+06:00');
    expect(validUntilOfDay('2026-05-31')).toBe('2026-06-01T00:00:00+06:00');
    expect(dayOfInstant('2026-04-30T18:00:00.000Z')).toBe('2026-05-01');
    expect(dayOfInstant('2026-05-31T18:00:00.000Z', true)).toBe('2026-05-31');
    expect(dayOfInstant(null)).toBe('');
  });

  it('writes a validity range', () => {
    expect(formatValidity('2026-04-30T18:00:00.000Z', '2026-05-31T18:00:00.000Z')).toBe(
      '2026-05-01 – 2026-05-31',
    );
    expect(formatValidity(null, '2026-05-31T18:00:00.000Z')).toBe('until 2026-05-31');
    expect(formatValidity('2026-04-30T18:00:00.000Z', null)).toBe('from 2026-05-01');
    expect(formatValidity(null, null)).toBe('No end');
  });
});
