/**
 * The tenant SLA report and scheduled reports (issue 15 "Beyond the anchors"): GET /analytics/sla-report
 * and the report-schedule calls; the jobs role runs `jobs.runDue()` (composition.ts startRoles).
 */
import { SCHEDULED_REPORT_KIND_LABELS, SLA_DEFAULT_TARGET } from '@towerwatch/domain';
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import { xlsxBuffer } from '../../kernel/xlsx/index.ts';
import type { AnalyticsModuleServices } from '../analytics/index.ts';
import type { SiteModuleServices } from '../site/index.ts';
import type { TelegramModuleServices } from '../telegram/index.ts';
import type { UsersModuleServices } from '../users/index.ts';
import { analyticsProducers } from './analytics-producers.ts';
import { registerAnalyticsSlaRoutes } from './analytics-sla.routes.ts';
import { createReportJob, type ReportJob } from './report-job.ts';
import { createSchedulesRepository } from './schedules.repository.ts';
import { createSchedulesService, type ReportProducers } from './schedules.service.ts';
import { createSlaRepository } from './sla.repository.ts';
import { createSlaService } from './sla.service.ts';
import { slaWorkbook } from './sla-xlsx.ts';

export { REPORT_JOB_INTERVAL_MS } from './report-job.ts';

export interface AnalyticsSlaModuleServices {
  /** The monthly run of scheduled reports (jobs role). */
  readonly reportJob: ReportJob;
  /** The report producers by kind (the job's; tests build a job with another messenger). */
  readonly producers: ReportProducers;
}

export function createAnalyticsSlaModule(
  kernel: Kernel,
  deps: {
    site: SiteModuleServices;
    telegram: TelegramModuleServices;
    analytics: AnalyticsModuleServices;
    users: UsersModuleServices;
  },
): ServerModule<AnalyticsSlaModuleServices> {
  const sla = createSlaService({
    repo: createSlaRepository(kernel.pool),
    sites: deps.site.lookup,
    clock: kernel.clock,
    pieces: deps.analytics.slaPieces,
    batchSize: kernel.config.reportSiteBatch,
  });
  const producers: ReportProducers = {
    ...analyticsProducers({
      reports: deps.analytics.reports,
      findUser: (uid) => deps.users.repository.findByUid(uid),
      clock: kernel.clock,
    }),
    sla: async (ctx) => {
      const target = ctx.params.target ?? SLA_DEFAULT_TARGET;
      const result = await sla.produce({
        scope: { companyId: ctx.companyId, tenants: ctx.tenants },
        months: [ctx.month],
        target,
        tenant: ctx.params.tenant,
      });
      try {
        const below = result.breaches.size;
        return {
          fileName: `tenant-sla-${ctx.month}.xlsx`,
          data: await xlsxBuffer(
            slaWorkbook(result, { scope: ctx.companyId, tenant: ctx.params.tenant ?? null }),
          ),
          summary: `${SCHEDULED_REPORT_KIND_LABELS.sla}: ${result.report.tenants.length} tenant(s), ${below} site-tenant(s) below ${target} %`,
        };
      } finally {
        await result.close();
      }
    },
  };
  const schedules = createSchedulesService({
    repo: createSchedulesRepository(kernel.pool),
    producers,
    clock: kernel.clock,
  });
  const reportJob = createReportJob({
    pool: kernel.pool,
    clock: kernel.clock,
    producers,
    notifyCompany: deps.telegram.notifyCompany,
    log: kernel.log,
  });
  return {
    services: { reportJob, producers },
    registerRoutes: (app) => registerAnalyticsSlaRoutes(app, sla, schedules),
  };
}
