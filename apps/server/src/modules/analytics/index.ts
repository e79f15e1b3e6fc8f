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

export type { AnalyticsService } from './analytics.service.ts';
export { reportFileName, reportWorkbook } from './analytics-xlsx.ts';
export { rollupSiteDays } from './daily-rollup.ts';

export interface AnalyticsModuleServices {
  /** The four reports, scoped to a Caller (as the routes answer them). */
  readonly reports: AnalyticsService;
}

export function createAnalyticsModule(
  kernel: Kernel,
  deps: { site: SiteModuleServices },
): ServerModule<AnalyticsModuleServices> {
  const reports = createAnalyticsService({
    repo: createAnalyticsRepository(kernel.pool),
    sites: deps.site.lookup,
    clock: kernel.clock,
  });
  return { services: { reports }, registerRoutes: (app) => registerAnalyticsRoutes(app, reports) };
}
