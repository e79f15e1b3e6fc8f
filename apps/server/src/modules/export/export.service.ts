/**
 * POST /site/excel-export: a real .xlsx (exceljs) of a legacy dashboard tab (platform-core §2):
 * energy (Tenant, Load, Current), climate (Temperature, Humidity), voltage (Tenant, Voltage), and
 * alarm (Name, Tenant, Duration, Time). One sheet, a header row, one row per site (and tenant).
 */
import type { ExcelExportBody } from '@towerwatch/contract';
import { effectiveTenant, eventDisplayName, formatDuration } from '@towerwatch/domain';
import ExcelJS from 'exceljs';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import type { SiteLookup } from '../site/index.ts';
import { assertTenantsAllowed, ownerFilter } from '../../kernel/scope/site-scope.ts';
import type { ExportRepository, ExportScope } from './export.repository.ts';

export interface ExportDeps {
  exports: ExportRepository;
  sites: SiteLookup;
  clock: Clock;
}

type Cell = string | number | Date | null;
interface Sheet {
  name: string;
  columns: { header: string; width: number }[];
  rows: Cell[][];
}

const round = (v: number | null, digits = 2) =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

export function createExportService(deps: ExportDeps) {
  async function sheetFor(caller: Caller, kind: ExcelExportBody['kind'], scope: ExportScope): Promise<Sheet> {
    const site = [
      { header: 'Site ID', width: 16 },
      { header: 'Site Name', width: 28 },
    ];
    switch (kind) {
      case 'energy': {
        const rows = await deps.exports.energy(caller, scope);
        return {
          name: 'DC Energy Meter',
          columns: [
            ...site,
            { header: 'Tenant', width: 14 },
            { header: 'Load (kW)', width: 12 },
            { header: 'Current (A)', width: 12 },
          ],
          // Load = DC bus voltage × load current; unknown without a voltage reading.
          rows: rows.map((r) => [
            r.uid,
            r.name,
            effectiveTenant(r),
            r.volts === null ? null : round((r.volts * r.current) / 1000, 3),
            round(r.current),
          ]),
        };
      }
      case 'climate': {
        const rows = await deps.exports.climate(caller, scope);
        return {
          name: 'Climate',
          columns: [
            ...site,
            { header: 'Temperature (°C)', width: 16 },
            { header: 'Humidity (%)', width: 14 },
            { header: 'Updated', width: 22 },
          ],
          rows: rows.map((r) => [r.uid, r.name, round(r.temperature, 1), round(r.humidity, 1), r.updated]),
        };
      }
      case 'voltage': {
        const rows = await deps.exports.voltage(caller, scope);
        return {
          name: 'Rectifier',
          columns: [
            ...site,
            { header: 'Tenant', width: 14 },
            { header: 'Voltage (V)', width: 12 },
            { header: 'Updated', width: 22 },
          ],
          // A tenant-less DC bus pin is the whole site's: the tenant cell stays empty.
          rows: rows.map((r) => [r.uid, r.name, r.tenant, round(r.volts), r.updated]),
        };
      }
      case 'alarm': {
        const now = deps.clock.now().getTime();
        const rows = await deps.exports.alarms(caller, scope);
        return {
          name: 'Alarm',
          columns: [
            ...site,
            { header: 'Name', width: 22 },
            { header: 'Tenant', width: 14 },
            { header: 'Duration', width: 14 },
            { header: 'Time', width: 22 },
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
    }
  }

  return {
    /** The workbook as bytes and the download file name. */
    async export(caller: Caller, body: ExcelExportBody): Promise<{ fileName: string; data: Buffer }> {
      assertTenantsAllowed(caller, body.tenant ? [body.tenant] : undefined);
      const owner = await ownerFilter(deps.sites, caller, body.user_uid);
      const scope = { ...owner, tenants: body.tenant ? [body.tenant] : caller.allowedTenants };
      const sheet = await sheetFor(caller, body.kind, scope);
      const book = new ExcelJS.Workbook();
      book.created = deps.clock.now();
      const ws = book.addWorksheet(sheet.name);
      ws.columns = sheet.columns.map((c) => ({ header: c.header, width: c.width }));
      ws.getRow(1).font = { bold: true };
      for (const row of sheet.rows) ws.addRow(row);
      const data = Buffer.from(await book.xlsx.writeBuffer());
      const fileName = body.file_name.toLowerCase().endsWith('.xlsx')
        ? body.file_name
        : `${body.file_name}.xlsx`;
      return { fileName, data };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
