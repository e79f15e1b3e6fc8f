/** The deterministic demo fleet generator (pure: no I/O, same seed → same fleet). */
import type { CompanyCode, InstalledTenant, RectifierType } from '@towerwatch/domain';
import { COMPANY_CODES, COMPANY_LABELS, INSTALLED_TENANTS } from '@towerwatch/domain';
import { demoDevicePassword } from './credentials.ts';
import { CLUSTER_ZONES, DISTRICTS, type District } from './geography.ts';
import { sitePinConfigs } from './pin-layout.ts';
import { createRandom, mixSeed, type Random } from './random.ts';
import type { DemoCompany, DemoDevice, DemoDeviceVendor, DemoFleet, DemoSite } from './types.ts';

/** Seed of the demo fleet the server seeds by default. */
export const DEMO_FLEET_SEED = 20240601;
/** Number of demo sites by default. */
export const DEFAULT_SITE_COUNT = 200;

const COMPANY_NAMES: Readonly<Record<CompanyCode, string>> = {
  ktbl: 'Kirtonkhola Tower Bangladesh Ltd',
  ftb: 'Frontier Towers Bangladesh Ltd',
  stl: 'Summit Towers Ltd',
  rnd: 'HSL Research & Development',
  demo: 'HSL Demo Company',
  scl: 'Summit Communications Ltd',
  edc: 'EDOTCO Bangladesh Co. Ltd',
};

export const DEMO_COMPANIES: readonly DemoCompany[] = COMPANY_CODES.map((code) => ({
  code,
  name: COMPANY_NAMES[code],
  label: COMPANY_LABELS[code],
}));

/** Demo RMS device vendors (fictional). */
export const DEMO_VENDORS: readonly DemoDeviceVendor[] = [
  { uid: 'vendor-hsl', name: 'HSL Technologies Ltd', address: 'Mohakhali DOHS, Dhaka 1206' },
  { uid: 'vendor-voltguard', name: 'VoltGuard Systems', address: 'Agrabad C/A, Chattogram 4100' },
];

/**
 * Company of each site, repeating every 40 sites: 29 ktbl, 5 ftb, 2 edc and one each for stl, scl,
 * demo and rnd (200 sites: 145 ktbl, 25 ftb, 10 edc, 5 of each other). Minor companies come early
 * so that even a small fleet (`sites: 6`) shows several companies. The pattern depends only on the
 * site index, so a smaller fleet is a prefix of a larger one.
 */
const COMPANY_PATTERN: readonly CompanyCode[] = (() => {
  const pattern: CompanyCode[] = Array.from({ length: 40 }, () => 'ktbl');
  for (const slot of [1, 9, 17, 25, 33]) pattern[slot] = 'ftb';
  pattern[3] = 'edc';
  pattern[23] = 'edc';
  pattern[5] = 'stl';
  pattern[13] = 'scl';
  pattern[19] = 'demo';
  pattern[29] = 'rnd';
  return pattern;
})();

/** Company of the site at `index` (0-based). */
export function companyOfSiteIndex(index: number): CompanyCode {
  return COMPANY_PATTERN[index % COMPANY_PATTERN.length] ?? 'ktbl';
}

/** com_id of the RMS controller of the site at `index`: `RMS` + 6 digits, independent of the seed. */
export function comIdOfSiteIndex(index: number): string {
  return `RMS${String(100001 + index).padStart(6, '0')}`;
}

const NAME_SUFFIXES = [
  'Bazar',
  'Road',
  'Para',
  'Mor',
  'Hat',
  'College Road',
  'Station Road',
  'Ghat',
  'Bypass',
];
const RECTIFIERS: readonly (readonly [RectifierType, number])[] = [
  ['vertiv', 35],
  ['eltek', 25],
  ['sarbs', 25],
  ['jvolt', 15],
];

function pickTenants(random: Random): InstalledTenant[] {
  const count = random.weighted([
    [1, 40],
    [2, 40],
    [3, 20],
  ] as const);
  const pool = [...INSTALLED_TENANTS];
  const chosen: InstalledTenant[] = [];
  while (chosen.length < count) {
    const index = random.int(0, pool.length - 1);
    const [tenant] = pool.splice(index, 1);
    if (tenant) chosen.push(tenant);
  }
  return chosen;
}

/** A point within ~`radius` degrees of (lat, lng), uniform over the disc. */
function jitter(random: Random, lat: number, lng: number, radius: number): { lat: number; lng: number } {
  const r = radius * Math.sqrt(random.next());
  const angle = random.range(0, 2 * Math.PI);
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { lat: round(lat + r * Math.sin(angle)), lng: round(lng + r * Math.cos(angle)) };
}

function buildSite(seed: number, index: number, sequence: number): DemoSite {
  const random = createRandom(mixSeed(seed, index));
  const company = companyOfSiteIndex(index);
  const district: District = random.weighted(DISTRICTS.map((d) => [d, d.weight] as const));
  const thana = random.pick(district.thanas);
  const position =
    thana.lat !== undefined && thana.lng !== undefined
      ? jitter(random, thana.lat, thana.lng, 0.015)
      : jitter(random, district.lat, district.lng, 0.06);
  const tenants = pickTenants(random);
  const rectifierType = random.weighted(RECTIFIERS);
  const secondType = random.chance(0.15)
    ? random.weighted(RECTIFIERS.filter(([type]) => type !== rectifierType))
    : null;
  const batteryMax = random.pick(
    tenants.length === 1 ? [100, 150, 200] : tenants.length === 2 ? [200, 300] : [300, 400, 600],
  );
  const hasDg = random.chance(company === 'ftb' ? 0.6 : 0.4);
  const hasPg = random.chance(0.15);
  const hasAcs = company === 'ftb' || random.chance(company === 'ktbl' ? 0.75 : 0.6);
  const cluster = company === 'ktbl' ? (thana.cluster ?? district.cluster) : null;
  const nominal: Partial<Record<InstalledTenant, number>> = {};
  for (const tenant of tenants) nominal[tenant] = Math.round(random.range(15, 45) * 10) / 10;
  return {
    uid: `${company.toUpperCase()}-${district.code}-${String(sequence).padStart(4, '0')}`,
    name: `${thana.name} ${random.pick(NAME_SUFFIXES)}`,
    company,
    tenants,
    rectifier: { rectifier_type: rectifierType, rectifier_type_2: secondType },
    bms: random.chance(0.45),
    device_vendor: random.chance(0.75) ? 'vendor-hsl' : 'vendor-voltguard',
    place: { thana: thana.name, district: district.name, division: district.division },
    meta: { generic_site_id: `${district.code}X${String(index + 1).padStart(4, '0')}` },
    battery_max: batteryMax,
    has_dg: hasDg,
    has_pg: hasPg,
    has_acs: hasAcs,
    cluster,
    zone: cluster ? CLUSTER_ZONES[cluster] : null,
    ...position,
    com_id: comIdOfSiteIndex(index),
    power: { nominal_load_a: nominal, dg_tank_litres: hasDg ? random.pick([100, 150, 200]) : null },
  };
}

export interface BuildDemoFleetOptions {
  /** Default {@link DEMO_FLEET_SEED}. */
  seed?: number;
  /** Default {@link DEFAULT_SITE_COUNT}. */
  sites?: number;
}

/**
 * Builds the demo fleet: companies, vendors, sites, one RMS device per site and its pin configs.
 * Pure and deterministic; with the same seed a fleet of N sites is the first N sites of a larger one.
 */
export function buildDemoFleet(options: BuildDemoFleetOptions = {}): DemoFleet {
  const seed = options.seed ?? DEMO_FLEET_SEED;
  const count = options.sites ?? DEFAULT_SITE_COUNT;
  if (!Number.isInteger(count) || count < 0 || count > 899_998)
    throw new Error(`invalid site count ${count}`);
  const sequences = new Map<CompanyCode, number>();
  const names = new Map<string, number>();
  const sites: DemoSite[] = [];
  for (let index = 0; index < count; index++) {
    const company = companyOfSiteIndex(index);
    const sequence = (sequences.get(company) ?? 0) + 1;
    sequences.set(company, sequence);
    const site = buildSite(seed, index, sequence);
    const seen = names.get(site.name) ?? 0;
    names.set(site.name, seen + 1);
    if (seen > 0) site.name = `${site.name} ${seen + 1}`;
    sites.push(site);
  }
  const devices: DemoDevice[] = sites.map((site) => ({
    com_id: site.com_id,
    site_uid: site.uid,
    vendor_uid: site.device_vendor,
    model: 'TW-RMS-48',
    firmware: '2.4.1',
    mqtt_username: site.com_id,
    mqtt_password: demoDevicePassword(site.com_id),
  }));
  return {
    seed,
    companies: DEMO_COMPANIES.map((company) => ({ ...company })),
    vendors: DEMO_VENDORS.map((vendor) => ({ ...vendor })),
    sites,
    devices,
    pinConfigs: sites.flatMap(sitePinConfigs),
  };
}
