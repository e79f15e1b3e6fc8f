/**
 * Map helpers: reads a site position from the shapes the data uses (docs/requirements.md#map-helper); which raised
 * alarms are states rather than faults.
 */
import type { SiteAlarmId } from './alarms.ts';

/**
 * Raised Power-group alarms that are not faults on the site map: the device being offline (the map
 * shows offline as its own status) and the generator running states. Decision (the spec names no
 * map colours).
 */
export const MAP_NON_FAULT_ALARM_IDS = [
  'device_online',
  'dg_on',
  'pg_on',
] as const satisfies readonly SiteAlarmId[];

/** A map position. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Fallback point when the input has no usable position (docs/requirements.md#map-helper). */
export const DEFAULT_MAP_POINT: Readonly<LatLng> = { lat: 23.817494, lng: 90.371763 };

function num(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function point(lat: unknown, lng: unknown): LatLng | null {
  const la = num(lat);
  const ln = num(lng);
  if (la === null || ln === null || Math.abs(la) > 90 || Math.abs(ln) > 180) return null;
  return { lat: la, lng: ln };
}

function fromPair(value: unknown): LatLng | null {
  return Array.isArray(value) && value.length >= 2 ? point(value[1], value[0]) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a position (docs/requirements.md#map-helper) from: a [longitude, latitude] pair; an object with lat and
 * lng; an object whose `location` holds lat and lng; a location with a `coordinates` array
 * ([lng, lat], GeoJSON order), bare or under `location`. Anything else, or coordinates out of range
 * (|lat| > 90, |lng| > 180), gives {@link DEFAULT_MAP_POINT}. Numeric strings are accepted (decision).
 */
export function toLatLng(input: unknown): LatLng {
  return readLatLng(input) ?? { ...DEFAULT_MAP_POINT };
}

/** Like {@link toLatLng} but returns null instead of the fallback. */
export function readLatLng(input: unknown): LatLng | null {
  if (Array.isArray(input)) return fromPair(input);
  if (!isRecord(input)) return null;
  if ('lat' in input || 'lng' in input) return point(input.lat, input.lng);
  if ('coordinates' in input) return fromPair(input.coordinates);
  const location = input.location;
  if (isRecord(location)) {
    if ('lat' in location || 'lng' in location) return point(location.lat, location.lng);
    if ('coordinates' in location) return fromPair(location.coordinates);
  }
  return null;
}
