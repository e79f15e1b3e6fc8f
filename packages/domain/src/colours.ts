/**
 * Colour thresholds of measured values (docs/requirements.md#colour-thresholds).
 */

/** Colours the thresholds produce. `gray` is for a missing or non-numeric value (decision). */
export const VALUE_COLOURS = ['red', 'blue', 'yellow', 'sky', 'green', 'gray'] as const;
/** A value colour. */
export type ValueColour = (typeof VALUE_COLOURS)[number];

/** Kinds of measured values that have thresholds (docs/requirements.md#colour-thresholds). */
export const COLOUR_KINDS = [
  'dc_voltage',
  'ac_voltage',
  'current',
  'capacity',
  'state_of_health',
  'percentage',
  'ac_frequency',
  'temperature',
  'energy',
] as const;
/** A value kind with colour thresholds. */
export type ColourKind = (typeof COLOUR_KINDS)[number];

/** Steps: the first step whose `max` the value does not exceed gives the colour; else `otherwise`. */
const STEPS: Readonly<
  Record<ColourKind, { steps: readonly [number, ValueColour][]; otherwise: ValueColour }>
> = {
  dc_voltage: {
    steps: [
      [23, 'red'],
      [48, 'blue'],
    ],
    otherwise: 'green',
  },
  ac_voltage: {
    steps: [
      [12, 'red'],
      [180, 'blue'],
    ],
    otherwise: 'green',
  },
  current: {
    steps: [
      [10, 'red'],
      [20, 'blue'],
    ],
    otherwise: 'green',
  },
  capacity: {
    steps: [
      [20, 'red'],
      [500, 'yellow'],
    ],
    otherwise: 'green',
  },
  state_of_health: {
    steps: [
      [75, 'red'],
      [85, 'yellow'],
    ],
    otherwise: 'green',
  },
  percentage: {
    steps: [
      [20, 'red'],
      [50, 'sky'],
    ],
    otherwise: 'green',
  },
  ac_frequency: { steps: [[40, 'red']], otherwise: 'green' },
  temperature: { steps: [[0, 'red']], otherwise: 'green' },
  energy: { steps: [[0, 'red']], otherwise: 'green' },
};

/** Upper limits above which a value is red again: AC frequency > 60, temperature > 45. */
const RED_ABOVE: Readonly<Partial<Record<ColourKind, number>>> = { ac_frequency: 60, temperature: 45 };

/**
 * Colour of a value (docs/requirements.md#colour-thresholds): DC voltage ≤23 red, ≤48 blue; AC voltage ≤12 red, ≤180 blue;
 * current ≤10 red, ≤20 blue; capacity ≤20 red, ≤500 yellow; state of health ≤75 red, ≤85 yellow;
 * percentage ≤20 red, ≤50 sky; AC frequency ≤40 or >60 red; temperature ≤0 or >45 red; energy ≤0
 * red; anything else green. Decision: null, undefined, NaN or non-numeric strings are gray;
 * numeric strings are read as numbers.
 */
export function valueColour(kind: ColourKind, value: number | string | null | undefined): ValueColour {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return 'gray';
  const above = RED_ABOVE[kind];
  if (above !== undefined && n > above) return 'red';
  const rule = STEPS[kind];
  for (const [max, colour] of rule.steps) if (n <= max) return colour;
  return rule.otherwise;
}
