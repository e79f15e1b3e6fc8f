/**
 * Battery bank health (docs/requirements.md#battery-bank-health): every battery (site, BMS address)
 * of the caller's sites — an operator's chosen customer — ranked by the domain's risk score from the
 * latest cell spread, the SOH and the SOH trend over the last 30 days; and the same table as .xlsx.
 */
import type { BankHealthItem, BankHealthQuery, BankHealthReply } from '@towerwatch/contract';
import { BANK_SPREAD_WARN_V, bankRiskScore, cellSpread, rankBanks } from '@towerwatch/domain';
import ExcelJS from 'exceljs';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ownerFilter } from '../../kernel/scope/site-scope.ts';
import type { SiteLookup } from '../site/index.ts';
import type { BankRow, OemRepository } from './oem.repository.ts';

const DAY_MS = 86_400_000;
/** History the trend is measured over. */
const TREND_DAYS = 30;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

export function createBankHealthService(deps: { oem: OemRepository; sites: SiteLookup; clock: Clock }) {
  return {
    async ranking(caller: Caller, q: BankHealthQuery): Promise<BankHealthReply> {
      const owner = await ownerFilter(deps.sites, caller, q.user_uid);
      const uids = await deps.sites.listUids(caller, owner);
      const since = new Date(deps.clock.now().getTime() - TREND_DAYS * DAY_MS);
      const { latest, earliest } = await deps.oem.bankEnds(uids, since);
      const key = (r: BankRow) => `${r.site_uid}/${r.address}`;
      const first = new Map(earliest.map((r) => [key(r), r]));
      const banks = latest.map((r) => {
        const start = first.get(key(r));
        const days = start ? (r.time.getTime() - start.time.getTime()) / DAY_MS : 0;
        const trend =
          start && days >= 1 && r.soh !== null && start.soh !== null
            ? round(((r.soh - start.soh) / days) * 30, 2)
            : null;
        const spread = cellSpread(Array.isArray(r.cells) ? r.cells.map(Number) : []);
        return {
          siteUid: r.site_uid,
          siteName: r.site_name,
          address: r.address,
          soh: r.soh,
          sohTrend30d: trend,
          spread: spread?.spread ?? null,
          weakestCell: spread ? spread.weakest + 1 : null,
          weakestVoltage: spread?.min ?? null,
          lastTime: r.time.toISOString(),
        };
      });
      const items: BankHealthItem[] = rankBanks(banks).map((b, i) => ({
        ...b,
        rank: i + 1,
        score: bankRiskScore(b),
        flagged: b.spread !== null && b.spread >= BANK_SPREAD_WARN_V,
      }));
      return { items };
    },

    /** The ranking as a workbook: one sheet, a header row, one row per battery. */
    async workbook(caller: Caller, q: BankHealthQuery): Promise<{ fileName: string; data: Buffer }> {
      const { items } = await this.ranking(caller, q);
      const book = new ExcelJS.Workbook();
      book.created = deps.clock.now();
      const ws = book.addWorksheet('Battery Bank Health');
      ws.columns = [
        { header: 'Rank', width: 8 },
        { header: 'Site ID', width: 16 },
        { header: 'Site Name', width: 28 },
        { header: 'Battery', width: 9 },
        { header: 'Risk Score', width: 11 },
        { header: 'Cell Spread (mV)', width: 16 },
        { header: 'Weakest Cell', width: 13 },
        { header: 'Weakest (V)', width: 12 },
        { header: 'SOH (%)', width: 10 },
        { header: 'SOH Trend (pts/30 d)', width: 20 },
        { header: 'Last Record', width: 22 },
      ];
      ws.getRow(1).font = { bold: true };
      for (const b of items)
        ws.addRow([
          b.rank,
          b.siteUid,
          b.siteName,
          b.address,
          b.score,
          b.spread === null ? null : Math.round(b.spread * 1000),
          b.weakestCell,
          b.weakestVoltage,
          b.soh,
          b.sohTrend30d,
          new Date(b.lastTime),
        ]);
      const data = Buffer.from(await book.xlsx.writeBuffer());
      return { fileName: 'battery-bank-health.xlsx', data };
    },
  };
}

export type BankHealthService = ReturnType<typeof createBankHealthService>;
