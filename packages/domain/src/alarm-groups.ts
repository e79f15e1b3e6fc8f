/**
 * Alarm filter groups (Power, Access, Env & Others) and their tenant-specific variants
 * (docs/requirements.md#alarm-groups).
 */
import type { SiteAlarmId } from './alarms.ts';
import { eventDisplayName } from './events.ts';
import type { InstalledTenant } from './tenants.ts';
import { INSTALLED_TENANTS, tenantLabel } from './tenants.ts';

/** Alarm filter group names, in display order. */
export const ALARM_FILTER_GROUPS = ['Power', 'Access', 'Env & Others'] as const;
/** An alarm filter group. */
export type AlarmFilterGroup = (typeof ALARM_FILTER_GROUPS)[number];

/**
 * Alarm ids per group. Decision (the spec names only the groups): power supply, DC, generator,
 * solar and device connectivity alarms are Power; door, lock, card reader, vibration, motion and
 * security breach are Access; temperature, water, smoke and aviation light are Env & Others.
 */
export const ALARM_GROUP_MEMBERS = {
  Power: [
    'site_down',
    'mains_fail',
    'ac_line_fail',
    'inverter_battery_low',
    'mdb_fault',
    'dc_power_fail',
    'dc_low_voltage',
    'site_on_battery',
    'rectifier_fail',
    'device_online',
    'dc_load_fail',
    'dc_fan_fault',
    'dg_low_fuel',
    'dg_start_fail',
    'dg_on',
    'pg_on',
    'solar_power_generation_fail',
    'solar_control_fail',
    'fuel_theft_suspected',
    'dg_with_mains',
  ],
  Access: [
    'door_status',
    'lock_status',
    'lock_open_fail',
    'lock_close_fail',
    'door_open_timeout',
    'lock_fault',
    'card_reader_fault',
    'vibration',
    'motion',
    'security_breach',
  ],
  'Env & Others': ['high_temperature', 'water', 'smoke', 'aviation_light_fail'],
} as const satisfies Record<AlarmFilterGroup, readonly SiteAlarmId[]>;

/** Power alarms: the members of the Power group; tenant filtering applies to them (docs/requirements.md#tenant-rule). */
export const POWER_ALARM_IDS: readonly SiteAlarmId[] = ALARM_GROUP_MEMBERS.Power;

/** Alarms that have tenant-specific variants (docs/requirements.md#alarm-groups). */
export const TENANT_VARIANT_ALARM_IDS = [
  'ac_line_fail',
  'dc_low_voltage',
  'site_down',
  'mdb_fault',
] as const satisfies readonly SiteAlarmId[];

/** The three operators with tenant-specific variants: the installed tenants. */
export const TENANT_VARIANT_TENANTS: readonly InstalledTenant[] = INSTALLED_TENANTS;

/**
 * One entry of the alarm filter. Representation of tenant-specific variants: `key` is
 * `<alarmId>_<tenant>` (e.g. `ac_line_fail_robi`) and `tenant` is set; it maps to the site filter
 * call as alarmName = alarmId, tenant = tenant. Plain entries have key = alarmId and tenant null.
 */
export interface AlarmFilterOption {
  key: string;
  alarmId: SiteAlarmId;
  tenant: InstalledTenant | null;
  group: AlarmFilterGroup;
  label: string;
}

/** True when the alarm belongs to the Power group. */
export function isPowerAlarm(id: string): boolean {
  return (POWER_ALARM_IDS as readonly string[]).includes(id);
}

/** The group of an alarm id, or null for an unknown id. */
export function alarmGroupOf(id: string): AlarmFilterGroup | null {
  for (const group of ALARM_FILTER_GROUPS) {
    if ((ALARM_GROUP_MEMBERS[group] as readonly string[]).includes(id)) return group;
  }
  return null;
}

/** The group shown with an alarm: its group, or 'Env & Others' for an id outside the groups. */
export function alarmDisplayGroup(id: string): AlarmFilterGroup {
  return alarmGroupOf(id) ?? 'Env & Others';
}

/**
 * Filter options of one group: each alarm; for the variant alarms, also one option per variant
 * tenant right after it, labelled '<Alarm> (<Tenant>)'. Labels use the company's event renames.
 */
export function alarmFilterOptions(
  group: AlarmFilterGroup,
  companyCode?: string | null,
): AlarmFilterOption[] {
  const options: AlarmFilterOption[] = [];
  for (const alarmId of ALARM_GROUP_MEMBERS[group]) {
    const label = eventDisplayName(alarmId, companyCode);
    options.push({ key: alarmId, alarmId, tenant: null, group, label });
    if (!(TENANT_VARIANT_ALARM_IDS as readonly string[]).includes(alarmId)) continue;
    for (const tenant of TENANT_VARIANT_TENANTS) {
      options.push({
        key: `${alarmId}_${tenant}`,
        alarmId,
        tenant,
        group,
        label: `${label} (${tenantLabel(tenant)})`,
      });
    }
  }
  return options;
}

/** Parses an option key back to alarm id and tenant; null for an unknown key. */
export function parseAlarmFilterKey(
  key: string,
): { alarmId: SiteAlarmId; tenant: InstalledTenant | null } | null {
  const group = alarmGroupOf(key);
  if (group) return { alarmId: key as SiteAlarmId, tenant: null };
  for (const alarmId of TENANT_VARIANT_ALARM_IDS) {
    for (const tenant of TENANT_VARIANT_TENANTS) {
      if (key === `${alarmId}_${tenant}`) return { alarmId, tenant };
    }
  }
  return null;
}
