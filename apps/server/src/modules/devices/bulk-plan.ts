/**
 * Checks every row of a bulk onboarding file (docs/api.md "Bulk onboarding") and builds what to
 * write: sites, controllers (new ones, or registered unbound ones to bind) and pin configs. Every
 * problem is listed with its row and column; the plan is only used when there is none.
 */
import type { ImportProblem } from '@towerwatch/contract';
import { COM_ID_PATTERN, PIN_NAME_PATTERN } from '@towerwatch/contract';
import {
  ALL_TENANTS,
  PIN_SERVICE_OPTIONS,
  pinConfigProblem,
  RECTIFIER_TYPES,
  vendorServesCompany,
} from '@towerwatch/domain';
import { IMPORT_COLUMNS, type ImportRow } from './bulk-rows.ts';

/** What the checks look up in the database. */
export interface ImportLookups {
  /** Company code → id and root user uid. */
  companies: Map<string, { id: string; rootUid: string | null }>;
  /** Device vendor uid → its company (null: it serves every company). */
  vendors: Map<string, string | null>;
  /** Registered controllers: com_id → its site (null = unbound) and company. */
  devices: Map<string, { siteUid: string | null; companyId: string | null }>;
  /** `company_id|generic_site_id` of existing sites. */
  genericIds: Set<string>;
}

export interface PlannedPin {
  pinName: string;
  type: string;
  priority: string | null;
  tenant: string | null;
  label: string;
}

export interface PlannedSite {
  row: number;
  companyId: string;
  userUid: string | null;
  name: string;
  genericSiteId: string | null;
  tenants: string[];
  division: string | null;
  district: string | null;
  thana: string | null;
  lat: number | null;
  lng: number | null;
  rectifierType: string | null;
  vendor: string | null;
  comId: string | null;
  /** The controller is registered already (bind it) or new (create it). */
  existingDevice: boolean;
  pins: PlannedPin[];
}

/** The pins column: `pin:service[:tenant]` entries separated by `;` (`each` = every site tenant). */
function parsePins(text: string, siteTenants: string[], problem: (message: string) => void): PlannedPin[] {
  const pins: PlannedPin[] = [];
  const seen = new Set<string>();
  for (const entry of text
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [pinName = '', service = '', tenantText = ''] = entry.split(':').map((p) => p.trim());
    if (!PIN_NAME_PATTERN.test(pinName)) {
      problem(`${entry}: pin name must be 1–16 chars: a-z, 0-9, _`);
      continue;
    }
    const option = PIN_SERVICE_OPTIONS.find(
      (o) => o.priority === service || (!o.priority && o.type === service),
    );
    if (!option) {
      problem(`${entry}: unknown service ${service || '(none)'}`);
      continue;
    }
    const tenants = tenantText === 'each' ? siteTenants : [tenantText || null];
    for (const tenant of tenants) {
      const found = pinConfigProblem(
        { type: option.type, priority: option.priority ?? null, tenant },
        siteTenants,
      );
      if (found) {
        problem(`${entry}: ${found.message}`);
        continue;
      }
      const key = `${pinName}|${tenant ?? ''}`;
      if (seen.has(key)) {
        problem(`${entry}: pin ${pinName} is configured twice${tenant ? ` for ${tenant}` : ''}`);
        continue;
      }
      seen.add(key);
      pins.push({
        pinName,
        type: option.type,
        priority: option.priority ?? null,
        tenant,
        label: tenant ? `${option.label} (${tenant})` : option.label,
      });
    }
  }
  return pins;
}

function number(text: string | undefined, min: number, max: number): number | null | 'bad' {
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= min && n <= max ? n : 'bad';
}

/** Checks the header and every row; returns the problems and, when there are none, the sites to write. */
export function planImport(
  header: string[],
  rows: ImportRow[],
  lookups: ImportLookups,
): { errors: ImportProblem[]; sites: PlannedSite[] } {
  const errors: ImportProblem[] = [];
  const missing = ['customer', 'name', 'tenants'].filter((c) => !header.includes(c));
  if (missing.length)
    errors.push({
      row: 1,
      field: missing.join(', '),
      message: `missing columns (template: ${IMPORT_COLUMNS.join(', ')})`,
    });
  if (rows.length === 0) errors.push({ row: 1, field: 'name', message: 'the file has no site rows' });
  const comIds = new Map<string, number>();
  const generics = new Map<string, number>();
  const sites: PlannedSite[] = [];
  for (const { row, cells } of rows) {
    const problem = (field: string, message: string) => errors.push({ row, field, message });
    const code = (cells.customer ?? '').toLowerCase();
    const company = lookups.companies.get(code);
    if (!company) problem('customer', `unknown customer ${code || '(empty)'}`);
    const name = cells.name ?? '';
    if (!name || name.length > 200) problem('name', 'name is required (at most 200 characters)');
    const tenants = (cells.tenants ?? '')
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((t) => t.toLowerCase());
    const badTenant = tenants.find((t) => !(ALL_TENANTS as readonly string[]).includes(t));
    if (tenants.length === 0) problem('tenants', 'at least one tenant is required');
    else if (badTenant) problem('tenants', `unknown tenant ${badTenant}`);
    const lat = number(cells.lat, -90, 90);
    const lng = number(cells.lng, -180, 180);
    if (lat === 'bad') problem('lat', 'lat must be a number between -90 and 90');
    if (lng === 'bad') problem('lng', 'lng must be a number between -180 and 180');
    const rectifier = (cells.rectifier_type ?? '').toLowerCase() || null;
    if (rectifier && !(RECTIFIER_TYPES as readonly string[]).includes(rectifier))
      problem('rectifier_type', `unknown rectifier type ${rectifier}`);
    const vendor = cells.device_vendor || null;
    if (vendor && !lookups.vendors.has(vendor)) problem('device_vendor', `unknown device vendor ${vendor}`);
    else if (vendor && company && !vendorServesCompany(lookups.vendors.get(vendor) ?? null, company.id))
      problem('device_vendor', `device vendor ${vendor} is not a vendor of ${code}`);
    const generic = cells.generic_site_id || null;
    if (generic && company) {
      const key = `${company.id}|${generic}`;
      if (lookups.genericIds.has(key)) problem('generic_site_id', `${generic} already exists for ${code}`);
      else if (generics.has(key))
        problem('generic_site_id', `${generic} is also on row ${generics.get(key)}`);
      else generics.set(key, row);
    }
    const comId = cells.com_id || null;
    const device = comId ? lookups.devices.get(comId) : undefined;
    if (comId) {
      if (!COM_ID_PATTERN.test(comId)) problem('com_id', 'com_id: 1–32 letters, digits, _ or -');
      else if (comIds.has(comId)) problem('com_id', `${comId} is also on row ${comIds.get(comId)}`);
      else if (device?.siteUid) problem('com_id', `${comId} is bound to site ${device.siteUid}`);
      else if (device?.companyId && company && device.companyId !== company.id)
        problem('com_id', `${comId} belongs to another customer`);
      comIds.set(comId, row);
    }
    const pinsText = cells.pins ?? '';
    if (pinsText && !comId) problem('pins', 'pins need a com_id');
    const pins = parsePins(pinsText, badTenant ? [] : tenants, (m) => problem('pins', m));
    if (company)
      sites.push({
        row,
        companyId: company.id,
        userUid: company.rootUid,
        name,
        genericSiteId: generic,
        tenants,
        division: cells.division || null,
        district: cells.district || null,
        thana: cells.thana || null,
        lat: typeof lat === 'number' ? lat : null,
        lng: typeof lng === 'number' ? lng : null,
        rectifierType: rectifier,
        vendor,
        comId,
        existingDevice: device !== undefined,
        pins,
      });
  }
  return { errors, sites: errors.length ? [] : sites };
}
