import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_POINT, readLatLng, toLatLng } from './map.ts';

describe('map helper (docs/requirements.md#map-helper)', () => {
  it('reads a [longitude, latitude] pair', () => {
    expect(toLatLng([90.4, 23.8])).toEqual({ lat: 23.8, lng: 90.4 });
  });

  it('reads an object with lat and lng', () => {
    expect(toLatLng({ lat: 22.3, lng: 91.8 })).toEqual({ lat: 22.3, lng: 91.8 });
    expect(toLatLng({ lat: '22.3', lng: '91.8' })).toEqual({ lat: 22.3, lng: 91.8 });
  });

  it('reads an object whose location holds lat and lng', () => {
    expect(toLatLng({ location: { lat: 24.9, lng: 91.9 } })).toEqual({ lat: 24.9, lng: 91.9 });
  });

  it('reads a location with a coordinates array', () => {
    expect(toLatLng({ type: 'Point', coordinates: [89.5, 22.8] })).toEqual({ lat: 22.8, lng: 89.5 });
    expect(toLatLng({ location: { coordinates: [89.5, 22.8] } })).toEqual({ lat: 22.8, lng: 89.5 });
  });

  it('falls back to 23.817494, 90.371763', () => {
    expect(DEFAULT_MAP_POINT).toEqual({ lat: 23.817494, lng: 90.371763 });
    expect(toLatLng(null)).toEqual({ lat: 23.817494, lng: 90.371763 });
    expect(toLatLng([1])).toEqual(DEFAULT_MAP_POINT);
    expect(toLatLng({ lat: 'x', lng: 90 })).toEqual(DEFAULT_MAP_POINT);
    expect(toLatLng([200, 23])).toEqual(DEFAULT_MAP_POINT);
    expect(readLatLng('23.8,90.4')).toBeNull();
  });
});
