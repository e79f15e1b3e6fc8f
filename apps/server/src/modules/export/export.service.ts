/**
 * The legacy dashboard tabs' tables (docs/requirements.md#legacy-dashboard): energy (Tenant, Load, Current), climate
 * (Temperature, Humidity), voltage (Tenant, Voltage), and alarm (Name, Tenant, Duration, Time).
 * One row builder per table serves both GET /site/legacy-table (JSON rows) and POST
 * /site/excel-export (a real .xlsx on the kernel's writer: one sheet with a frozen header, one row per
 * site and tenant, typed cells, and the Parameters sheet).
 */

import type { Readable } from 'node:stream';
import {
  type ExcelExportBody,
  LEGACY_TABLE_COLUMNS,
  LEGACY_TIME_FIELDS,
  type LegacyTableKind,
  type LegacyTableQuery,
  type LegacyTableReply,
} from '@towerwatch/contract';
import { effectiveTenant, eventDisplayName, formatDuration } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { assertTenantsAllowed, ownerFilter } from '../../kernel/scope/site-scope.ts';
import { type XlsxCell, type XlsxColumn, type XlsxColumnType, xlsxStream } from '../../kernel/xlsx/index.ts';
import type { SiteLookup } from '../site/index.ts';
import type { ExportRepository, ExportScope } from './export.repository.ts';

export interface ExportDeps {
  exports: ExportRepository;
  sites: SiteLookup;
  clock: Clock;
}

interface Sheet {
  name: string;
  columns: XlsxColumn[];
  rows: XlsxCell[][];
}

const round = (v: number | null, digits = 2) =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/** Sheet name of each legacy table's workbook. */
const SHEET_NAME: Record<LegacyTableKind, string> = {
  energy: 'DC Energy Meter',
  climate: 'Climate',
  voltage: 'Rectifier',
};
/** Cell types of the row fields (numbers stay numbers, times are Asia/Dhaka date cells); else text. */
const TYPE: Record<string, XlsxColumnType> = {
  load_kw: 'number',
  current_a: 'number',
  temperature_c: 'number',
  humidity_pct: 'number',
  voltage_v: 'number',
  updated: 'datetime',
};
/** Column widths in the workbook, by row field. */
const WIDTH: Record<string, number> = {
  site_id: 16,
  site_name: 28,
  tenant: 14,
  load_kw: 12,
  current_a: 12,
  temperature_c: 16,
  humidity_pct: 14,
  voltage_v: 12,
  updated: 22,
};

/** A legacy table as a sheet: the contract's columns, times as date cells. */
function legacySheet(table: LegacyTableReply): Sheet {
  const columns = LEGACY_TABLE_COLUMNS[table.kind];
  const rows = table.rows as readonly Record<string, string | number | null>[];
  return {
    name: SHEET_NAME[table.kind],
    columns: columns.map((c) => ({
      header: c.header,
      width: WIDTH[c.key] ?? 14,
      type: TYPE[c.key] ?? 'text',
      ...(c.key === 'load_kw' ? { decimals: 3 } : {}),
    })),
    rows: rows.map((row) =>
      columns.map(({ key }) => {
        const v = row[key] ?? null;
        return LEGACY_TIME_FIELDS.has(key) && typeof v === 'string' ? new Date(v) : v;
      }),
    ),
  };
}

export function createExportService(deps: ExportDeps) {
  /** Whose sites and which tenants: the caller's scope, narrowed by the chosen customer and tenant. */
  async function scopeOf(
    caller: Caller,
    q: Pick<ExcelExportBody, 'tenant' | 'user_uid'>,
  ): Promise<ExportScope> {
    assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
    const owner = await ownerFilter(deps.sites, caller, q.user_uid);
    return { ...owner, tenants: q.tenant ? [q.tenant] : caller.allowedTenants };
  }

  /** The row builder of the legacy tables (the JSON rows and the workbook rows). */
  async function tableOf(
    caller: Caller,
    kind: LegacyTableKind,
    scope: ExportScope,
  ): Promise<LegacyTableReply> {
    const site = (r: { uid: string; name: string }) => ({ site_id: r.uid, site_name: r.name });
    switch (kind) {
      case 'energy': {
        const rows = await deps.exports.energy(caller, scope);
        // Load = DC bus voltage × load current; unknown without a voltage reading.
        return {
          kind,
          rows: rows.map((r) => ({
            ...site(r),
            tenant: effectiveTenant(r),
            load_kw: r.volts === null ? null : round((r.volts * r.current) / 1000, 3),
            current_a: round(r.current),
          })),
        };
      }
      case 'climate': {
        const rows = await deps.exports.climate(caller, scope);
        return {
          kind,
          rows: rows.map((r) => ({
            ...site(r),
            temperature_c: round(r.temperature, 1),
            humidity_pct: round(r.humidity, 1),
            updated: r.updated?.toISOString() ?? null,
          })),
        };
      }
      case 'voltage': {
        const rows = await deps.exports.voltage(caller, scope);
        // A tenant-less DC bus pin is the whole site's: the tenant stays empty.
        return {
          kind,
          rows: rows.map((r) => ({
            ...site(r),
            tenant: r.tenant,
            voltage_v: round(r.volts),
            updated: r.updated.toISOString(),
          })),
        };
      }
    }
  }

  async function alarmSheet(caller: Caller, scope: ExportScope): Promise<Sheet> {
    const now = deps.clock.now().getTime();
    const rows = await deps.exports.alarms(caller, scope);
    return {
      name: 'Alarm',
      columns: [
        { header: 'Site ID', width: 16, type: 'text' },
        { header: 'Site Name', width: 28, type: 'text' },
        { header: 'Name', width: 22, type: 'text' },
        { header: 'Tenant', width: 14, type: 'text' },
        { header: 'Duration', width: 14, type: 'text' },
        { header: 'Time', width: 22, type: 'datetime' },
      ],
      rows: rows.map((r) => [
        r.uid,
        r.name,
        eventDisplayName(r.alarm_id, r.company_code),
        r.tenant === '' ? '' : r.tenant,
        formatDuration((now - r.since.getTime()) / 1000),
        r.since,
      ]),
    };
  }

  return {
    /** The rows of a legacy table: the rows its .xlsx export holds. */
    async legacyTable(caller: Caller, query: LegacyTableQuery): Promise<LegacyTableReply> {
      return tableOf(caller, query.kind, await scopeOf(caller, query));
    },

    /**
     * The workbook streamed (kernel/xlsx: frozen header, widths, typed cells, a Parameters sheet) and
     * the download file name.
     */
    async export(caller: Caller, body: ExcelExportBody): Promise<{ fileName: string; data: Readable }> {
      const scope = await scopeOf(caller, body);
      const sheet =
        body.kind === 'alarm'
          ? await alarmSheet(caller, scope)
          : legacySheet(await tableOf(caller, body.kind, scope));
      const fileName = body.file_name.toLowerCase().endsWith('.xlsx')
        ? body.file_name
        : `${body.file_name}.xlsx`;
      const data = xlsxStream({
        title: sheet.name,
        generatedAt: deps.clock.now(),
        sheets: [sheet],
        parameters: [
          ['Export', body.kind],
          ['Tenant', body.tenant ?? 'all allowed'],
          ['Customer (company)', scope.companyId ?? 'own scope'],
          ['Rows', sheet.rows.length],
        ],
      });
      return { fileName, data };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
