/**
 * The monthly run of scheduled reports (jobs role): from the 1st of a month (Asia/Dhaka) every schedule
 * created before it gets its report of the previous month, once. Idempotent with several job
 * processes: each schedule is produced inside a transaction holding its row lock (`for update skip
 * locked`: another process skips it) and re-checks that the month is not produced; the unique
 * (schedule_id, month) is the last guard. After the commit the company's messaging groups get a short
 * message (none, or no bot token: the report is kept for download only).
 */
import {
  dhakaMonthOf,
  dhakaMonthStartOf,
  previousMonth,
  SCHEDULED_REPORT_KIND_LABELS,
} from '@towerwatch/domain';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { type Pool, withTransaction } from '../../db/pool.ts';
import type { CompanyMessenger } from '../telegram/index.ts';
import { createSchedulesRepository } from './schedules.repository.ts';
import type { ReportProducers } from './schedules.service.ts';

export interface ReportJobDeps {
  pool: Pool;
  clock: Clock;
  producers: ReportProducers;
  notifyCompany: CompanyMessenger;
  log: Pick<Logger, 'error' | 'info'>;
}

/** How often the jobs role looks for due schedules. */
export const REPORT_JOB_INTERVAL_MS = 10 * 60_000;

export function createReportJob(deps: ReportJobDeps) {
  return {
    /** Produces the due reports; returns how many this process produced. */
    async runDue(): Promise<number> {
      const now = deps.clock.now();
      const thisMonth = dhakaMonthOf(now);
      const month = previousMonth(thisMonth);
      const due = await createSchedulesRepository(deps.pool).due(month, dhakaMonthStartOf(thisMonth));
      let produced = 0;
      for (const schedule of due) {
        const producer = deps.producers[schedule.kind];
        if (!producer) continue;
        try {
          const made = await withTransaction(deps.pool, async (tx) => {
            const repo = createSchedulesRepository(tx);
            if (!(await repo.lock(schedule.id)) || (await repo.hasReport(schedule.id, month))) return null;
            const product = await producer({
              companyId: schedule.company_id,
              tenants: schedule.tenants,
              params: schedule.params,
              month,
              createdBy: schedule.created_by,
            });
            const id = await repo.insertReport({ schedule, month, ...product, at: deps.clock.now() });
            return id === null ? null : { id, product };
          });
          if (!made) continue;
          produced += 1;
          const text = `${SCHEDULED_REPORT_KIND_LABELS[schedule.kind]} ${month} is ready: ${made.product.summary}. Download it in Towerwatch under Scheduled reports.`;
          const groups = await deps.notifyCompany(schedule.company_id, text);
          if (groups > 0) await createSchedulesRepository(deps.pool).setDelivered(made.id, groups);
        } catch (err) {
          deps.log.error({ err, schedule: schedule.id, month }, 'scheduled report failed');
        }
      }
      if (produced > 0) deps.log.info({ produced, month }, 'scheduled reports produced');
      return produced;
    },
  };
}

export type ReportJob = ReturnType<typeof createReportJob>;
