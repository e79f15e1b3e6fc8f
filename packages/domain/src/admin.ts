/**
 * Administration rules (docs/requirements.md#administration): the pin editor's service options, the
 * analog services, the checks a pin config must pass before it is stored, the vendor API token
 * format (docs/requirements.md#vendor-tokens) and which companies a vendor serves.
 */
import { DHAKA_OFFSET_MS } from './date-ranges.ts';
import { type PIN_PRIORITIES, type PinService, pinServiceRequiresTenant } from './pins.ts';

/** One option of the pin editor's service list. */
export interface PinServiceOption {
  label: string;
  /** The stored pin type. */
  type: PinService;
  /** Door and lock are both `access_control`, told apart by the priority. */
  priority?: (typeof PIN_PRIORITIES)[number];
}

/** The pin service options, in the spec's order (docs/requirements.md#pin-service-options). */
export const PIN_SERVICE_OPTIONS: readonly PinServiceOption[] = [
  { label: 'Main Phase A', type: 'main_phase_a' },
  { label: 'Main Phase B', type: 'main_phase_b' },
  { label: 'Main Phase C', type: 'main_phase_c' },
  { label: 'DG Status', type: 'dg_status' },
  { label: 'PG Status', type: 'pg_status' },
  { label: 'DG Fuel', type: 'dg_fuel' },
  { label: 'Temperature', type: 'temperature' },
  { label: 'Humidity', type: 'humidity' },
  { label: 'Door', type: 'access_control', priority: 'door' },
  { label: 'Lock', type: 'access_control', priority: 'lock' },
  { label: 'Vibration Sensor', type: 'vibration_sensor' },
  { label: 'Motion Sensor', type: 'motion_sensor' },
  { label: 'DC Voltage', type: 'battery_terminal' },
  { label: 'DC Current Critical', type: 'battery_current_critical' },
  { label: 'DC Current Non-Critical', type: 'battery_current_non_critical' },
  { label: 'DC Low Voltage', type: 'dc_low_voltage' },
  { label: 'DC Fan Fault', type: 'dc_fan_fault' },
  { label: 'Mains Fail', type: 'mains_fail' },
  { label: 'Rectifier Fail', type: 'rectifier_fail' },
  { label: 'Site Down', type: 'site_down' },
  { label: 'DC Load Fail', type: 'dc_load_fail' },
  { label: 'Aviation Light Fail', type: 'aviation_light_fail' },
  { label: 'Smoke Detector', type: 'smoke_detector' },
  { label: 'Water Detector', type: 'water_detector' },
  { label: 'Inverter Battery Low', type: 'inverter_battery_low' },
];

/** Analog pin services: a measured value, not 0/1 (docs/requirements.md#analog-pins). */
export const ANALOG_PIN_SERVICES = [
  'main_phase_a',
  'main_phase_b',
  'main_phase_c',
  'battery_current_critical',
  'battery_current_non_critical',
  'battery_terminal',
  'temperature',
  'humidity',
  'vibration_sensor',
  'motion_sensor',
] as const satisfies readonly PinService[];

/** True when the service reads a measured value (docs/requirements.md#analog-pins). */
export function isAnalogPinService(type: string): boolean {
  return (ANALOG_PIN_SERVICES as readonly string[]).includes(type);
}

/** What a pin config is checked on. */
export interface PinConfigDraft {
  type: string;
  priority: string | null;
  tenant: string | null;
}

/** A rule a pin config breaks: the field and a message for people. */
export interface PinConfigProblem {
  field: 'tenant' | 'priority';
  message: string;
}

/**
 * The first rule a pin config breaks, or null (docs/requirements.md#pin-tenant-required,
 * docs/requirements.md#pin-config): a tenant-required service names a tenant; the tenant is one of the
 * site's; door and lock (`access_control`) carry the priority door or lock.
 */
export function pinConfigProblem(
  draft: PinConfigDraft,
  siteTenants: readonly string[],
): PinConfigProblem | null {
  if (pinServiceRequiresTenant(draft.type) && !draft.tenant) {
    return { field: 'tenant', message: `tenant is required for ${draft.type}` };
  }
  if (draft.tenant && !siteTenants.includes(draft.tenant)) {
    return { field: 'tenant', message: `tenant ${draft.tenant} is not a tenant of the site` };
  }
  if (draft.type === 'access_control' && draft.priority !== 'door' && draft.priority !== 'lock') {
    return { field: 'priority', message: 'access_control needs priority door or lock' };
  }
  return null;
}

/**
 * Vendor API tokens (docs/requirements.md#vendor-tokens): `twv_<id>_<secret>`, the id (12 hex
 * characters) finds the stored row, the secret (43 base64url characters, 256 bits) is checked against
 * its hash. The whole token is shown once.
 */
export const VENDOR_TOKEN_PREFIX = 'twv_';
const VENDOR_TOKEN_PATTERN = /^twv_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** The id and secret of a well-formed vendor token, or null. */
export function parseVendorToken(token: string): { id: string; secret: string } | null {
  const m = VENDOR_TOKEN_PATTERN.exec(token);
  return m ? { id: m[1] as string, secret: m[2] as string } : null;
}

/** Builds a token from its id and secret (the server draws both at random). */
export function formatVendorToken(id: string, secret: string): string {
  return `${VENDOR_TOKEN_PREFIX}${id}_${secret}`;
}

/**
 * The name of a token generated without one: 'Token ' and the Asia/Dhaka date and time it was made
 * (docs/requirements.md#vendor-tokens, docs/requirements.md#dhaka-time), e.g. 'Token 2026-11-28 10:05'.
 */
export function defaultVendorTokenName(now: Date): string {
  const dhaka = new Date(now.getTime() + DHAKA_OFFSET_MS).toISOString();
  return `Token ${dhaka.slice(0, 10)} ${dhaka.slice(11, 16)}`;
}

/**
 * A device vendor of a company serves that company only; a vendor without a company serves every
 * customer (docs/requirements.md#device-vendors). A device or site of no company yet (the operator's
 * stock) is checked when it gets one.
 */
export function vendorServesCompany(vendorCompanyId: string | null, companyId: string | null): boolean {
  return vendorCompanyId === null || companyId === null || vendorCompanyId === companyId;
}

/**
 * Access options shown to everyone who edits a user, and those only a manager holding them may see
 * (docs/requirements.md#access-roles: RMS, ACS, Telegram public; the others not public).
 */
export const PUBLIC_ACCESS_ROLES = ['rms', 'acs', 'telegram'] as const;
export const NOT_PUBLIC_ACCESS_ROLES = ['manage_users', 'legacy', 'alarm_settings'] as const;

/** A customer's health at a glance: down sites or offline devices over its fleet. */
export type CustomerHealth = 'ok' | 'warning' | 'critical' | 'empty';

/**
 * Decision: `critical` when 10 % or more of its sites are down, `warning` when any site is down or
 * any device offline, `empty` without sites (docs/requirements.md#admin-screens).
 */
export function customerHealth(c: {
  sites: number;
  sites_down: number;
  devices: number;
  devices_online: number;
}): CustomerHealth {
  if (c.sites === 0) return 'empty';
  if (c.sites_down / c.sites >= 0.1) return 'critical';
  if (c.sites_down > 0 || c.devices_online < c.devices) return 'warning';
  return 'ok';
}
