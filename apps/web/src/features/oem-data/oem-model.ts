/**
 * Pure logic of the OEM page: value colours from the domain thresholds, the cell chart's bars with
 * the weakest and strongest cell marked, and the active alarms of a record.
 */
import type { OemAlarm } from '@towerwatch/contract';
import { cellSpread, OEM_VALUE_COLOURS, type ValueColour, valueColour } from '@towerwatch/domain';

/** Mantine colour of each value colour of the domain. */
export const MANTINE_COLOUR: Readonly<Record<ValueColour, string>> = {
  red: 'red',
  blue: 'blue',
  yellow: 'yellow',
  sky: 'cyan',
  green: 'teal',
  gray: 'gray',
};

/** The Mantine colour of an OEM value (docs/requirements.md#oem-screens). */
export function oemColour(field: keyof typeof OEM_VALUE_COLOURS, value: number | null | undefined): string {
  return MANTINE_COLOUR[valueColour(OEM_VALUE_COLOURS[field], value)];
}

/** A number with a unit, `–` when missing. */
export function withUnit(value: number | null | undefined, unit: string, digits = 1): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${value.toFixed(digits)} ${unit}` : '–';
}

/** One bar of the cell voltage chart. */
export interface CellBar {
  cell: number;
  voltage: number;
  mark: 'weakest' | 'strongest' | null;
}

/** Bars of the cell chart: cells numbered from 1, the weakest and the strongest marked. */
export function cellBars(cells: readonly number[]): CellBar[] {
  const spread = cellSpread(cells);
  return cells.map((voltage, i) => ({
    cell: i + 1,
    voltage,
    mark:
      spread && spread.spread > 0
        ? i === spread.weakest
          ? 'weakest'
          : i === spread.strongest
            ? 'strongest'
            : null
        : null,
  }));
}

/** The active alarms of a record, most severe first. */
export function activeAlarms(alarms: readonly OemAlarm[] | undefined): OemAlarm[] {
  const rank = { critical: 0, major: 1, minor: 2, warning: 3 } as const;
  return (alarms ?? [])
    .filter((a) => a.active)
    .sort((a, b) => rank[a.severity ?? 'warning'] - rank[b.severity ?? 'warning']);
}

/** Mantine colour of an alarm severity. */
export function severityColour(severity: OemAlarm['severity']): string {
  return severity === 'critical'
    ? 'red'
    : severity === 'major'
      ? 'orange'
      : severity === 'minor'
        ? 'yellow'
        : 'gray';
}
