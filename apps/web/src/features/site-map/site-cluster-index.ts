import Supercluster from 'supercluster';
import {
  emptyCounts,
  MAP_STATUSES,
  type MapSite,
  type MapStatus,
  type StatusCounts,
} from './site-map-model.ts';

/** Highest zoom of the map; clusters are still made there, so co-located sites stay one item. */
export const MAP_MAX_ZOOM = 16;
/** Cluster radius in screen pixels: at most about one item per 60 × 60 px of the view. */
export const CLUSTER_RADIUS = 60;

/** A rectangle in degrees: west, south, east, north. */
export type Bounds = [west: number, south: number, east: number, north: number];

/** One thing the map draws: a single site or a cluster of sites. */
export type MapItem =
  | { kind: 'site'; key: string; lat: number; lng: number; site: MapSite }
  | {
      kind: 'cluster';
      key: string;
      id: number;
      lat: number;
      lng: number;
      count: number;
      /** The worst status among the cluster's sites. */
      worst: MapStatus;
      counts: StatusCounts;
    };

interface PointProps {
  index: number;
}

/** What only the sites' places decide: the clusters, and each cluster's sites (filled on demand). */
interface PlaceTree {
  clusters: Supercluster<PointProps>;
  uids: readonly string[];
  lats: Float64Array;
  lngs: Float64Array;
  /** Indexes of each cluster's sites, by cluster id, as far as asked for. */
  leaves: Map<number, Int32Array>;
}

function buildTree(sites: readonly MapSite[]): PlaceTree {
  const clusters = new Supercluster<PointProps>({
    radius: CLUSTER_RADIUS,
    // Leaflet's 256 px tiles (supercluster's default extent is 512, which would halve the radius).
    extent: 256,
    maxZoom: MAP_MAX_ZOOM,
  });
  clusters.load(
    sites.map((site, index) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [site.position.lng, site.position.lat] },
      properties: { index },
    })),
  );
  return {
    clusters,
    uids: sites.map((site) => site.uid),
    lats: Float64Array.from(sites, (site) => site.position.lat),
    lngs: Float64Array.from(sites, (site) => site.position.lng),
    leaves: new Map(),
  };
}

/** True when the sites are the tree's sites, in the same order, at the same places. */
function samePlaces(tree: PlaceTree, sites: readonly MapSite[]): boolean {
  if (sites.length !== tree.uids.length) return false;
  return sites.every(
    (site, i) =>
      site.uid === tree.uids[i] && site.position.lat === tree.lats[i] && site.position.lng === tree.lngs[i],
  );
}

/**
 * A spatial cluster index over the sites (supercluster: a KD-tree per zoom level). Whatever the
 * number of sites, {@link SiteClusterIndex.items} returns about one item per cluster radius of the
 * view, so 10,000 or 50,000 sites draw as a bounded number of markers. Each cluster carries its
 * count and the worst status of its sites. Statuses are read when the items are asked for, so a live
 * status change needs no new clustering: {@link SiteClusterIndex.withSites} keeps the clusters while
 * no site moves, appears or goes.
 */
export class SiteClusterIndex {
  readonly sites: readonly MapSite[];
  private readonly tree: PlaceTree;
  private readonly byUid: ReadonlyMap<string, MapSite>;

  constructor(sites: readonly MapSite[], tree?: PlaceTree) {
    this.sites = sites;
    this.tree = tree ?? buildTree(sites);
    this.byUid = new Map(sites.map((site) => [site.uid, site]));
  }

  /** The index for new site objects: the same clusters when every site keeps its place, else new ones. */
  withSites(sites: readonly MapSite[]): SiteClusterIndex {
    return new SiteClusterIndex(sites, samePlaces(this.tree, sites) ? this.tree : undefined);
  }

  /** True when both indexes share their clusters (no re-clustering happened between them). */
  sharesClustersWith(other: SiteClusterIndex): boolean {
    return this.tree === other.tree;
  }

  /** The items to draw for a view: its bounds and zoom (rounded to a whole zoom level). */
  items(bounds: Bounds, zoom: number): MapItem[] {
    const z = Math.max(0, Math.min(MAP_MAX_ZOOM, Math.round(zoom)));
    const [west, south, east, north] = bounds;
    // supercluster wants longitudes within [-180, 180] and latitudes within [-90, 90].
    const box: Bounds = [
      Math.max(-180, west),
      Math.max(-90, south),
      Math.min(180, east),
      Math.min(90, north),
    ];
    return this.tree.clusters.getClusters(box, z).map((feature): MapItem => {
      const [lng = 0, lat = 0] = feature.geometry.coordinates;
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        const counts = this.countsOf(props.cluster_id);
        return {
          kind: 'cluster',
          key: `c${props.cluster_id}`,
          id: props.cluster_id,
          lat,
          lng,
          count: props.point_count,
          worst: MAP_STATUSES.find((status) => counts[status] > 0) ?? 'normal',
          counts,
        };
      }
      const site = this.sites[(props as PointProps).index];
      if (!site) throw new Error('cluster index out of step with its sites');
      return { kind: 'site', key: `s${site.uid}`, lat, lng, site };
    });
  }

  /** A site by uid. */
  site(uid: string): MapSite | undefined {
    return this.byUid.get(uid);
  }

  /** The zoom at which a cluster splits; above {@link MAP_MAX_ZOOM} when its sites share one place. */
  expansionZoom(clusterId: number): number {
    return this.tree.clusters.getClusterExpansionZoom(clusterId);
  }

  /** The sites of a cluster (at most `limit`, from `offset`). */
  sitesOf(clusterId: number, limit = 100, offset = 0): MapSite[] {
    const indexes = this.leafIndexes(clusterId).subarray(offset, offset + limit);
    return Array.from(indexes, (index) => this.sites[index]).filter(
      (site): site is MapSite => site !== undefined,
    );
  }

  /** Indexes of a cluster's sites (asked of supercluster once per cluster, then kept with the clusters). */
  private leafIndexes(clusterId: number): Int32Array {
    let leaves = this.tree.leaves.get(clusterId);
    if (!leaves) {
      const features = this.tree.clusters.getLeaves(clusterId, Number.POSITIVE_INFINITY);
      leaves = Int32Array.from(features, (leaf) => leaf.properties.index);
      this.tree.leaves.set(clusterId, leaves);
    }
    return leaves;
  }

  private countsOf(clusterId: number): StatusCounts {
    const counts = emptyCounts();
    for (const index of this.leafIndexes(clusterId)) {
      const site = this.sites[index];
      if (site) counts[site.status] += 1;
    }
    return counts;
  }
}

/** Bounds around the sites (with a margin), or null when there are none. */
export function sitesBounds(sites: readonly Pick<MapSite, 'position'>[], margin = 0.05): Bounds | null {
  if (sites.length === 0) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { position } of sites) {
    west = Math.min(west, position.lng);
    east = Math.max(east, position.lng);
    south = Math.min(south, position.lat);
    north = Math.max(north, position.lat);
  }
  return [west - margin, south - margin, east + margin, north + margin];
}
