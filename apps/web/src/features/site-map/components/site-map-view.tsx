import { useComputedColorScheme } from '@mantine/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { BANGLADESH_BOUNDS, BASE_MAP, DIVISION_LABELS, type TileConfig } from '../base-map.ts';
import { type Bounds, MAP_MAX_ZOOM, type MapItem, type SiteClusterIndex } from '../site-cluster-index.ts';
import {
  MAP_STATUS_COLOURS,
  MAP_STATUS_LABELS,
  MAP_STATUSES,
  type MapSite,
  type MapStatus,
  type StatusCounts,
} from '../site-map-model.ts';
import '../site-map.css';

/** Props of {@link SiteMapView}. */
export interface SiteMapViewProps {
  index: SiteClusterIndex;
  /** Where to look first (the sites' bounds); the country when null. */
  initialBounds: Bounds | null;
  selectedUid: string | null;
  /** Centre the map on this point (a new object each time, e.g. after a search). */
  focus: { lat: number; lng: number } | null;
  tile: TileConfig | null;
  onSelectSite: (uid: string) => void;
  /** A cluster whose sites share one place (it cannot split further): its sites. */
  onSelectPlace: (sites: MapSite[]) => void;
}

/** Base map colours per colour scheme (the canvas needs concrete colours, not CSS variables). */
const PALETTE = {
  dark: { sea: '#141517', land: '#2c2e33', border: '#5c5f66', outline: '#909296' },
  light: { sea: '#dde8f0', land: '#f8f9fa', border: '#adb5bd', outline: '#495057' },
} as const;

const toLatLngBounds = ([west, south, east, north]: Bounds) => L.latLngBounds([south, west], [north, east]);

const colourVar = (status: MapStatus) => `var(--mantine-color-${MAP_STATUS_COLOURS[status]}-6)`;

/** A ring around a cluster: each status's share of its sites, worst first (conic gradient). */
function statusRing(counts: StatusCounts, total: number): string {
  let from = 0;
  const stops: string[] = [];
  for (const status of MAP_STATUSES) {
    if (counts[status] === 0) continue;
    const to = from + (counts[status] / total) * 100;
    stops.push(`${colourVar(status)} ${from.toFixed(1)}% ${to.toFixed(1)}%`);
    from = to;
  }
  return `conic-gradient(${stops.join(', ')})`;
}

function clusterSize(count: number): number {
  return Math.round(Math.min(56, 26 + Math.log10(count) * 10));
}

function siteLabel(site: MapSite): string {
  return `${site.name} (${site.genericSiteId}), ${MAP_STATUS_LABELS[site.status]}`;
}

function itemLabel(item: MapItem): string {
  if (item.kind === 'site') return siteLabel(item.site);
  return `Cluster of ${item.count.toLocaleString('en-US')} sites, worst ${MAP_STATUS_LABELS[item.worst]}`;
}

/** What a marker shows; a marker is redrawn only when this changes. */
function signature(item: MapItem, selectedUid: string | null): string {
  return item.kind === 'site'
    ? `${item.site.status}|${item.site.uid === selectedUid ? 1 : 0}`
    : `${item.count}|${MAP_STATUSES.map((status) => item.counts[status]).join(',')}`;
}

function iconOf(item: MapItem, selectedUid: string | null): L.DivIcon {
  if (item.kind === 'site') {
    const selected = item.site.uid === selectedUid;
    const size = selected ? 22 : 14;
    return L.divIcon({
      className: 'site-map-marker',
      html: `<span class="site-map-dot${selected ? ' is-selected' : ''}" style="--dot: ${colourVar(item.site.status)}"></span>`,
      iconSize: [size, size],
    });
  }
  const size = clusterSize(item.count);
  return L.divIcon({
    className: 'site-map-marker',
    html: `<span class="site-map-cluster" style="--dot: ${colourVar(item.worst)}; --ring: ${statusRing(item.counts, item.count)}"><span>${item.count.toLocaleString('en-US')}</span></span>`,
    iconSize: [size, size],
  });
}

/** Writes the accessible name and the test hooks of a marker's element. */
function describeMarker(marker: L.Marker, item: MapItem): void {
  const element = marker.getElement();
  if (!element) return;
  element.setAttribute('role', 'button');
  element.setAttribute('aria-label', itemLabel(item));
  element.dataset.mapItem = item.kind;
  element.dataset.count = String(item.kind === 'cluster' ? item.count : 1);
  element.dataset.status = item.kind === 'cluster' ? item.worst : item.site.status;
  if (item.kind === 'site') element.dataset.siteUid = item.site.uid;
  else delete element.dataset.siteUid;
}

/**
 * The Leaflet map: the bundled base map of Bangladesh drawn on a canvas (optionally over a raster tile
 * layer), division names, and the sites as cluster and site markers. Only the cluster index's items
 * for the current view are markers (a bounded number whatever the fleet size); after each move or
 * zoom the markers are diffed by key, so unchanged markers keep their DOM element.
 */
export function SiteMapView({
  index,
  initialBounds,
  selectedUid,
  focus,
  tile,
  onSelectSite,
  onSelectPlace,
}: SiteMapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const baseRef = useRef<L.GeoJSON | null>(null);
  const renderRef = useRef<() => void>(() => {});
  const scheme = useComputedColorScheme('dark');
  const latest = useRef({ index, selectedUid, onSelectSite, onSelectPlace });
  latest.current = { index, selectedUid, onSelectSite, onSelectPlace };

  // The map, once: later prop changes go through `latest` and the effects below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once on mount
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      preferCanvas: true,
      minZoom: 5,
      maxZoom: MAP_MAX_ZOOM,
      // Half steps let the country fill the view; the cluster index rounds the zoom.
      zoomSnap: 0.5,
      attributionControl: Boolean(tile?.attribution),
      maxBounds: toLatLngBounds([80, 15, 100, 31]),
    });
    mapRef.current = map;
    if (tile) {
      L.tileLayer(tile.url, { maxZoom: MAP_MAX_ZOOM, attribution: tile.attribution }).addTo(map);
    }
    const base = L.geoJSON(BASE_MAP, { interactive: false }).addTo(map);
    baseRef.current = base;
    map.createPane('site-map-labels').style.zIndex = '450';
    for (const label of DIVISION_LABELS) {
      L.marker([label.lat, label.lng], {
        pane: 'site-map-labels',
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: 'site-map-division', html: label.name, iconSize: [120, 16] }),
      }).addTo(map);
    }
    map.fitBounds(toLatLngBounds(initialBounds ?? BANGLADESH_BOUNDS));

    const layer = L.layerGroup().addTo(map);
    const markers = new Map<string, { marker: L.Marker; signature: string; item: MapItem }>();
    const render = () => {
      const { index: current, selectedUid: selected } = latest.current;
      const view = map.getBounds();
      const items = current.items(
        [view.getWest(), view.getSouth(), view.getEast(), view.getNorth()],
        map.getZoom(),
      );
      // The chosen site always has its own marker, even inside a cluster.
      const chosen = selected ? current.site(selected) : undefined;
      if (chosen && !items.some((item) => item.kind === 'site' && item.site.uid === chosen.uid)) {
        const { lat, lng } = chosen.position;
        items.push({ kind: 'site', key: `s${chosen.uid}`, lat, lng, site: chosen });
      }
      const keep = new Set<string>();
      for (const item of items) {
        keep.add(item.key);
        const sig = signature(item, selected);
        const existing = markers.get(item.key);
        if (existing) {
          existing.item = item;
          existing.marker.setLatLng([item.lat, item.lng]);
          if (existing.signature !== sig) {
            existing.marker.setIcon(iconOf(item, selected));
            existing.marker.setZIndexOffset(item.kind === 'site' && item.site.uid === selected ? 1000 : 0);
            existing.signature = sig;
          }
          describeMarker(existing.marker, item);
          continue;
        }
        const marker = L.marker([item.lat, item.lng], {
          icon: iconOf(item, selected),
          keyboard: true,
          riseOnHover: true,
          zIndexOffset: item.kind === 'site' && item.site.uid === selected ? 1000 : 0,
        });
        const entry = { marker, signature: sig, item };
        const activate = () => {
          const clicked = entry.item;
          if (clicked.kind === 'site') {
            latest.current.onSelectSite(clicked.site.uid);
            return;
          }
          const zoom = latest.current.index.expansionZoom(clicked.id);
          if (zoom > MAP_MAX_ZOOM || map.getZoom() >= MAP_MAX_ZOOM) {
            latest.current.onSelectPlace(latest.current.index.sitesOf(clicked.id, 500));
          } else {
            map.setView([clicked.lat, clicked.lng], zoom);
          }
        };
        marker.on('click', activate);
        // Markers are buttons: Enter or Space activates them (Leaflet 1.9 only reports the key).
        marker.on('keydown', (event) => {
          const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
          if (key !== 'Enter' && key !== ' ') return;
          (event as L.LeafletKeyboardEvent).originalEvent.preventDefault();
          activate();
        });
        marker.addTo(layer);
        describeMarker(marker, item);
        markers.set(item.key, entry);
      }
      for (const [key, entry] of markers) {
        if (keep.has(key)) continue;
        layer.removeLayer(entry.marker);
        markers.delete(key);
      }
      element.dataset.items = String(markers.size);
      element.dataset.zoom = String(map.getZoom());
    };
    renderRef.current = render;
    map.on('moveend', render);
    render();
    return () => {
      map.remove();
      mapRef.current = null;
      baseRef.current = null;
    };
  }, []);

  // New sites or live status changes: redraw the markers of the current view (render reads them from `latest`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the redraw triggers
  useEffect(() => {
    renderRef.current();
  }, [index, selectedUid]);

  // Keep the chosen site clear of the side panel (320 px wide, top right).
  useEffect(() => {
    const chosen = selectedUid ? latest.current.index.site(selectedUid) : undefined;
    if (!chosen || !mapRef.current) return;
    mapRef.current.panInside([chosen.position.lat, chosen.position.lng], {
      paddingTopLeft: [24, 24],
      paddingBottomRight: [360, 24],
    });
  }, [selectedUid]);

  useEffect(() => {
    if (focus) mapRef.current?.setView([focus.lat, focus.lng], Math.max(mapRef.current.getZoom(), 13));
  }, [focus]);

  // Base map colours follow the colour scheme.
  useEffect(() => {
    const colours = PALETTE[scheme];
    const element = container.current;
    if (element) element.style.background = colours.sea;
    baseRef.current?.setStyle((feature) =>
      feature?.properties?.kind === 'country'
        ? {
            color: colours.outline,
            weight: 1.5,
            fillColor: colours.land,
            fillOpacity: tile ? 0 : 1,
          }
        : { color: colours.border, weight: 1, dashArray: '4 4', fill: false },
    );
    if (element) element.dataset.baseMap = 'ready';
  }, [scheme, tile]);

  return (
    <div
      ref={container}
      className="site-map-canvas"
      data-testid="site-map"
      role="application"
      aria-label="Map of sites"
    />
  );
}
