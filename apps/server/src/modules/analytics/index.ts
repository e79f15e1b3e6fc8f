/**
 * The analytics module (docs/requirements.md#analytics): the DG, mains, battery and temperature reports
 * over the caller's fleet, as JSON or streamed .xlsx. Reuses power-data's fleet SQL. Offers its report
 * service and the report workbook to other modules (analytics-sla produces scheduled reports with them).
 */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';
import { type AnalyticsService, createAnalyticsService } from './analytics.service.ts';
import type { ReportWindow } from './analytics-sql.ts';
import { type SiteSlaPieces, siteSlaPieces } from './outage-read.ts';

export type { AnalyticsService } from './analytics.service.ts';
export { reportFileName, reportWorkbook } from './analytics-xlsx.ts';
export { rollupSiteDays } from './daily-rollup.ts';

/** The tenant SLA's figures per site, tenant and window from the daily rollups (outage-read.ts). */
export type SlaPiecesReader = (
  uids: readonly string[],
  tenants: readonly string[],
  windows: readonly ReportWindow[],
) => Promise<SiteSlaPieces | null>;

export interface AnalyticsModuleServices {
  /** The four reports, scoped to a Caller (as the routes answer them). */
  readonly reports: AnalyticsService;
  /** The tenant SLA's per-site figures from the daily rollups and raw edges. */
  readonly slaPieces: SlaPiecesReader;
}

export function createAnalyticsModule(
  kernel: Kernel,
  deps: { site: SiteModuleServices },
): ServerModule<AnalyticsModuleServices> {
  const reports = createAnalyticsService({
    repo: createAnalyticsRepository(kernel.pool),
    sites: deps.site.lookup,
    clock: kernel.clock,
    batching: { size: kernel.config.reportSiteBatch, reads: kernel.config.reportReadsAtOnce },
  });
  const slaPieces: SlaPiecesReader = (uids, tenants, windows) =>
    siteSlaPieces(kernel.pool, uids, tenants, windows, kernel.config.reportReadsAtOnce);
  return { services: { reports, slaPieces }, registerRoutes: (app) => registerAnalyticsRoutes(app, reports) };
}
