/**
 * The legacy dashboard's ranking tables (DC Energy Meter, Climate, Rectifier) as JSON: the same rows
 * POST /site/excel-export writes into the .xlsx of the same kind, for the page to show. The .xlsx
 * stays the download.
 */
import { z } from 'zod';
import { isoTime, tenantCode, userUidParam } from './site-common.ts';
import type { EXCEL_EXPORT_KINDS } from './site-reports.ts';

/** The export kinds the legacy dashboard shows as tables (the alarm tab reads the running events). */
export const LEGACY_TABLE_KINDS = [
  'energy',
  'climate',
  'voltage',
] as const satisfies readonly (typeof EXCEL_EXPORT_KINDS)[number][];
export const legacyTableKind = z.enum(LEGACY_TABLE_KINDS);
export type LegacyTableKind = z.infer<typeof legacyTableKind>;

/** GET /site/legacy-table: the filters of the export of the same kind. */
export const legacyTableQuery = z.object({
  kind: legacyTableKind,
  /** One allowed tenant; omitted means all the caller's allowed tenants (ignored for climate). */
  tenant: tenantCode.optional(),
  /** Operators: the customer's root user uid. */
  user_uid: userUidParam.optional(),
});
export type LegacyTableQuery = z.infer<typeof legacyTableQuery>;

const site = { site_id: z.string(), site_name: z.string() };

/** DC Energy Meter: one row per site and tenant; load = DC bus voltage × load current (null without a voltage). */
export const legacyEnergyRow = z.object({
  ...site,
  tenant: z.string(),
  load_kw: z.number().nullable(),
  current_a: z.number().nullable(),
});
/** Climate: one row per site with a temperature or humidity reading (not split by tenant). */
export const legacyClimateRow = z.object({
  ...site,
  temperature_c: z.number().nullable(),
  humidity_pct: z.number().nullable(),
  updated: isoTime.nullable(),
});
/** Rectifier: one row per DC bus voltage pin; an empty tenant is the whole site's pin. */
export const legacyVoltageRow = z.object({
  ...site,
  tenant: z.string(),
  voltage_v: z.number().nullable(),
  updated: isoTime,
});
export type LegacyEnergyRow = z.infer<typeof legacyEnergyRow>;
export type LegacyClimateRow = z.infer<typeof legacyClimateRow>;
export type LegacyVoltageRow = z.infer<typeof legacyVoltageRow>;

/** Reply of GET /site/legacy-table: the rows of the table of `kind`. */
export const legacyTableReply = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('energy'), rows: z.array(legacyEnergyRow) }),
  z.object({ kind: z.literal('climate'), rows: z.array(legacyClimateRow) }),
  z.object({ kind: z.literal('voltage'), rows: z.array(legacyVoltageRow) }),
]);
export type LegacyTableReply = z.infer<typeof legacyTableReply>;

/** A column of a legacy table: the row field and its header (on the page and in the .xlsx). */
export interface LegacyColumn<Row> {
  readonly key: keyof Row & string;
  readonly header: string;
}

/** The columns of each legacy table, in order: the page's columns and the .xlsx header row. */
export const LEGACY_TABLE_COLUMNS = {
  energy: [
    { key: 'site_id', header: 'Site ID' },
    { key: 'site_name', header: 'Site Name' },
    { key: 'tenant', header: 'Tenant' },
    { key: 'load_kw', header: 'Load (kW)' },
    { key: 'current_a', header: 'Current (A)' },
  ],
  climate: [
    { key: 'site_id', header: 'Site ID' },
    { key: 'site_name', header: 'Site Name' },
    { key: 'temperature_c', header: 'Temperature (°C)' },
    { key: 'humidity_pct', header: 'Humidity (%)' },
    { key: 'updated', header: 'Updated' },
  ],
  voltage: [
    { key: 'site_id', header: 'Site ID' },
    { key: 'site_name', header: 'Site Name' },
    { key: 'tenant', header: 'Tenant' },
    { key: 'voltage_v', header: 'Voltage (V)' },
    { key: 'updated', header: 'Updated' },
  ],
} as const satisfies {
  energy: readonly LegacyColumn<LegacyEnergyRow>[];
  climate: readonly LegacyColumn<LegacyClimateRow>[];
  voltage: readonly LegacyColumn<LegacyVoltageRow>[];
};

/** Row fields that hold a time (ISO 8601 in JSON, a date cell in the .xlsx). */
export const LEGACY_TIME_FIELDS: ReadonlySet<string> = new Set(['updated']);
