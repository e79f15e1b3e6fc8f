import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '../admin.css';
import { useEffect, useRef } from 'react';
import { BANGLADESH_BOUNDS, BASE_MAP, DIVISION_LABELS } from '../../site-map/index.ts';

/** A point picked on the map. */
export interface LatLng {
  lat: number;
  lng: number;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * Picks a site's coordinates on the bundled map of Bangladesh (no internet tiles): a click moves the
 * marker; the marker can be dragged.
 */
export function MapPicker({ value, onChange }: { value: LatLng | null; onChange: (v: LatLng) => void }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const [west, south, east, north] = BANGLADESH_BOUNDS;
    const map = L.map(element, { attributionControl: false, zoomSnap: 0.25 });
    map.fitBounds(L.latLngBounds([south, west], [north, east]));
    L.geoJSON(BASE_MAP, {
      interactive: false,
      style: { color: '#4c6ef5', weight: 1, fillColor: '#e7f5ff', fillOpacity: 0.6 },
    }).addTo(map);
    for (const label of DIVISION_LABELS) {
      L.marker([label.lat, label.lng], {
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: 'admin-map-division', html: label.name, iconSize: [120, 16] }),
      }).addTo(map);
    }
    map.on('click', (e: L.LeafletMouseEvent) =>
      changeRef.current({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) }),
    );
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!value) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!markerRef.current) {
      const marker = L.marker([value.lat, value.lng], {
        draggable: true,
        icon: L.divIcon({ className: 'admin-map-pin', html: '<span></span>', iconSize: [18, 18] }),
      }).addTo(map);
      marker.on('dragend', () => {
        const p = marker.getLatLng();
        changeRef.current({ lat: round(p.lat), lng: round(p.lng) });
      });
      markerRef.current = marker;
    } else markerRef.current.setLatLng([value.lat, value.lng]);
  }, [value]);

  return (
    <div
      ref={ref}
      role="application"
      aria-label="Site location map"
      style={{ height: 320, borderRadius: 8 }}
    />
  );
}
