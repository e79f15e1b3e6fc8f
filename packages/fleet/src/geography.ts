/**
 * A compact table of real districts of Bangladesh: division, centre coordinates, a few thanas
 * (upazilas / metropolitan thanas) and the KTBL cluster each falls in (docs/requirements.md#clusters).
 * Coordinates are approximate town centres (WGS84). The table itself is data, in geography.json.
 */
import { CLUSTERS, type Cluster, type Zone } from '@towerwatch/domain';
import geography from './geography.json' with { type: 'json' };

/** The eight divisions of Bangladesh. */
export const DIVISIONS = [
  'Dhaka',
  'Chattogram',
  'Sylhet',
  'Rajshahi',
  'Khulna',
  'Barishal',
  'Rangpur',
  'Mymensingh',
] as const;
export type Division = (typeof DIVISIONS)[number];

/** A thana; those with their own coordinates (metropolitan thanas) may also have their own cluster. */
export interface Thana {
  name: string;
  lat?: number;
  lng?: number;
  cluster?: Cluster;
}

export interface District {
  /** Three-letter code used in site uids. */
  code: string;
  name: string;
  division: Division;
  lat: number;
  lng: number;
  cluster: Cluster;
  /** Relative share of demo sites (tower density). */
  weight: number;
  thanas: readonly Thana[];
}

const isCluster = (c: unknown): c is Cluster => (CLUSTERS as readonly unknown[]).includes(c);
const isDivision = (d: unknown): d is Division => (DIVISIONS as readonly unknown[]).includes(d);

/**
 * The district table of geography.json, checked (JSON has no literal types): every division and
 * cluster is one the code knows, so a typo in the data fails at load rather than on a map.
 */
function checkedDistricts(raw: readonly (typeof geography.districts)[number][]): District[] {
  return raw.map((d) => {
    const bad = (what: string) => new Error(`geography.json: district ${d.code}: ${what}`);
    const { division, cluster } = d;
    if (!isDivision(division)) throw bad(`unknown division ${division}`);
    if (!isCluster(cluster)) throw bad(`unknown cluster ${cluster}`);
    for (const t of d.thanas)
      if ('cluster' in t && !isCluster(t.cluster)) throw bad(`thana ${t.name}: unknown cluster ${t.cluster}`);
    return { ...d, division, cluster, thanas: d.thanas as readonly Thana[] };
  });
}

/** The districts (geography.json), in the order demo sites are spread over them. */
export const DISTRICTS: readonly District[] = checkedDistricts(geography.districts);

/**
 * Zone of each cluster (decision: RIO1 greater Dhaka, RIO2 Chattogram and Sylhet, RIO3 the
 * south-west, RIO4 the north).
 */
export const CLUSTER_ZONES: Readonly<Record<Cluster, Zone>> = {
  Banani: 'RIO1',
  Dhanmondi: 'RIO1',
  Gazipur: 'RIO1',
  Kawranbazer: 'RIO1',
  Mirpur: 'RIO1',
  Narayanganj: 'RIO1',
  Palton: 'RIO1',
  Savar: 'RIO1',
  Uttara: 'RIO1',
  "Cox's Bazar": 'RIO2',
  'CTG North': 'RIO2',
  'CTG South': 'RIO2',
  Feni: 'RIO2',
  Sylhet: 'RIO2',
  Comilla: 'RIO2',
  Barisal: 'RIO3',
  Faridpur: 'RIO3',
  Jessore: 'RIO3',
  Khulna: 'RIO3',
  Kushtia: 'RIO3',
  Shariatpur: 'RIO3',
  Bogra: 'RIO4',
  Mymensingh: 'RIO4',
  Rajshahi: 'RIO4',
  Rangpur: 'RIO4',
  Tangail: 'RIO4',
};

/** Bangladesh's bounding box (WGS84), used to sanity-check generated coordinates. */
export const BANGLADESH_BOUNDS = { minLat: 20.6, maxLat: 26.7, minLng: 88.0, maxLng: 92.7 } as const;
