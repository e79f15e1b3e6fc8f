import { describe, expect, it } from 'vitest';
import { formatDuration, splitDuration } from './duration.ts';

describe('duration helper (docs/requirements.md#duration-format)', () => {
  it("short form '1hr 5m'", () => {
    expect(formatDuration(3900)).toBe('1hr 5m');
    expect(formatDuration(3959)).toBe('1hr 5m');
    expect(formatDuration(300)).toBe('0hr 5m');
  });

  it("long form with ' Hours' and ' Minutes'", () => {
    expect(formatDuration(3900, { form: 'long' })).toBe('1 Hours 5 Minutes');
    expect(formatDuration(90_000, { form: 'long' })).toBe('25 Hours 0 Minutes');
  });

  it('hours only', () => {
    expect(formatDuration(7199, { hoursOnly: true })).toBe('1hr');
    expect(formatDuration(7200, { form: 'long', hoursOnly: true })).toBe('2 Hours');
  });

  it('treats negative and non-finite input as zero', () => {
    expect(formatDuration(-60)).toBe('0hr 0m');
    expect(splitDuration(Number.NaN)).toEqual({ hours: 0, minutes: 0 });
  });
});
