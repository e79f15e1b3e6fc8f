import { describe, expect, it } from 'vitest';
import { valueColour } from './colours.ts';

describe('colour thresholds (docs/requirements.md#colour-thresholds)', () => {
  it('DC voltage: ≤23 red, ≤48 blue, else green', () => {
    expect(valueColour('dc_voltage', 23)).toBe('red');
    expect(valueColour('dc_voltage', 24)).toBe('blue');
    expect(valueColour('dc_voltage', 48)).toBe('blue');
    expect(valueColour('dc_voltage', 48.1)).toBe('green');
  });

  it('AC voltage: ≤12 red, ≤180 blue', () => {
    expect(valueColour('ac_voltage', 12)).toBe('red');
    expect(valueColour('ac_voltage', 180)).toBe('blue');
    expect(valueColour('ac_voltage', 230)).toBe('green');
  });

  it('current: ≤10 red, ≤20 blue', () => {
    expect(valueColour('current', 10)).toBe('red');
    expect(valueColour('current', 20)).toBe('blue');
    expect(valueColour('current', 21)).toBe('green');
  });

  it('capacity: ≤20 red, ≤500 yellow', () => {
    expect(valueColour('capacity', 20)).toBe('red');
    expect(valueColour('capacity', 500)).toBe('yellow');
    expect(valueColour('capacity', 501)).toBe('green');
  });

  it('state of health: ≤75 red, ≤85 yellow', () => {
    expect(valueColour('state_of_health', 75)).toBe('red');
    expect(valueColour('state_of_health', 85)).toBe('yellow');
    expect(valueColour('state_of_health', 86)).toBe('green');
  });

  it('percentage: ≤20 red, ≤50 sky', () => {
    expect(valueColour('percentage', 20)).toBe('red');
    expect(valueColour('percentage', 50)).toBe('sky');
    expect(valueColour('percentage', 51)).toBe('green');
  });

  it('AC frequency: ≤40 or >60 red', () => {
    expect(valueColour('ac_frequency', 40)).toBe('red');
    expect(valueColour('ac_frequency', 50)).toBe('green');
    expect(valueColour('ac_frequency', 60)).toBe('green');
    expect(valueColour('ac_frequency', 60.1)).toBe('red');
  });

  it('temperature: ≤0 or >45 red', () => {
    expect(valueColour('temperature', 0)).toBe('red');
    expect(valueColour('temperature', 45)).toBe('green');
    expect(valueColour('temperature', 46)).toBe('red');
  });

  it('energy: ≤0 red', () => {
    expect(valueColour('energy', 0)).toBe('red');
    expect(valueColour('energy', 0.1)).toBe('green');
  });

  it('missing or non-numeric values are gray; numeric strings are read', () => {
    expect(valueColour('dc_voltage', null)).toBe('gray');
    expect(valueColour('dc_voltage', 'abc')).toBe('gray');
    expect(valueColour('dc_voltage', '')).toBe('gray');
    expect(valueColour('dc_voltage', '53.2')).toBe('green');
  });
});
