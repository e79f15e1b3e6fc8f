import { describe, expect, it } from 'vitest';
import { BANGLADESH_BOUNDS, BASE_MAP, DIVISION_LABELS, tileConfig } from './base-map.ts';

describe('BASE_MAP', () => {
  it('holds the country outline and its divisions, each with a label inside the country box', () => {
    const kinds = BASE_MAP.features.map((f) => f.properties.kind);
    expect(kinds.filter((k) => k === 'country')).toHaveLength(1);
    const divisions = BASE_MAP.features
      .filter((f) => f.properties.kind === 'division')
      .map((f) => f.properties.name);
    expect(divisions.sort()).toEqual(DIVISION_LABELS.map((l) => l.name).sort());
    const [west, south, east, north] = BANGLADESH_BOUNDS;
    for (const feature of BASE_MAP.features) {
      const rings =
        feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
      for (const [lng, lat] of rings.flat(2)) {
        expect(lng).toBeGreaterThanOrEqual(west);
        expect(lng).toBeLessThanOrEqual(east);
        expect(lat).toBeGreaterThanOrEqual(south);
        expect(lat).toBeLessThanOrEqual(north);
      }
    }
  });
});

describe('tileConfig', () => {
  it('is null without a tile URL, else the URL and attribution', () => {
    expect(tileConfig({})).toBeNull();
    expect(tileConfig({ VITE_MAP_TILE_URL: '  ' })).toBeNull();
    expect(tileConfig({ VITE_MAP_TILE_URL: 'http://tiles.local/{z}/{x}/{y}.png' })).toEqual({
      url: 'http://tiles.local/{z}/{x}/{y}.png',
      attribution: '',
    });
    expect(
      tileConfig({
        VITE_MAP_TILE_URL: 'http://tiles.local/{z}/{x}/{y}.png',
        VITE_MAP_TILE_ATTRIBUTION: '© OSM',
      }),
    ).toEqual({ url: 'http://tiles.local/{z}/{x}/{y}.png', attribution: '© OSM' });
  });
});
