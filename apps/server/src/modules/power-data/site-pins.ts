/**
 * Which pins of a site a power chart reads (docs/device-protocol.md "Pin configs"): shared inputs have
 * one config per tenant, per-tenant inputs (DC load currents) the tenant's own pins. With a `tenant`
 * the tenant's configs win; without, every tenant's distinct pins.
 */
import type { PowerSeriesKind } from '@towerwatch/contract';
import type { PinRow } from './power-data.repository.ts';

/** Pin types each series kind reads; `dc_current` sums its pins. */
export const KIND_TYPES: Readonly<Record<PowerSeriesKind, readonly string[]>> = {
  dc_voltage: ['battery_terminal'],
  dc_current: ['battery_current_critical', 'battery_current_non_critical'],
  temperature: ['temperature'],
  humidity: ['humidity'],
  fuel: ['dg_fuel'],
  mains_phase_a: ['main_phase_a'],
  mains_phase_b: ['main_phase_b'],
  mains_phase_c: ['main_phase_c'],
};

export const KIND_UNITS: Readonly<Record<PowerSeriesKind, string>> = {
  dc_voltage: 'V',
  dc_current: 'A',
  temperature: '°C',
  humidity: '%RH',
  fuel: '%',
  mains_phase_a: 'V',
  mains_phase_b: 'V',
  mains_phase_c: 'V',
};

export interface PinSelection {
  comId: string;
  pins: string[];
}

/**
 * The device and pins of `types` to read: one device (the first with such a pin), its distinct pins;
 * summed kinds (`sum`) keep every pin, others only the first. Null when the site has none.
 */
export function selectPins(
  all: readonly PinRow[],
  types: readonly string[],
  tenant: string | undefined,
  sum = false,
): PinSelection | null {
  const ofType = all.filter((p) => types.includes(p.type));
  // Tenant-specific configs of the tenant, plus tenant-less ones (site-wide inputs).
  const mine = tenant ? ofType.filter((p) => p.tenant === tenant || p.tenant === null) : ofType;
  const first = mine[0];
  if (!first) return null;
  const pins = [...new Set(mine.filter((p) => p.com_id === first.com_id).map((p) => p.pin_name))];
  return { comId: first.com_id, pins: sum ? pins : pins.slice(0, 1) };
}

/** Types of the DC load current pins. */
export const CURRENT_TYPES = KIND_TYPES.dc_current;
