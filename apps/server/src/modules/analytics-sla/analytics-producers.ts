/**
 * Producers of the scheduled dg, mains, battery and temperature reports: the analytics report of the
 * previous Asia/Dhaka month, answered for the schedule's creator (as if they asked for it with
 * `excel=yes`), narrowed to the schedule's tenants, written with the report's workbook.
 */
import {
  dhakaDate,
  dhakaMonthStartOf,
  nextMonth,
  REPORT_KINDS,
  type ReportKind,
  SCHEDULED_REPORT_KIND_LABELS,
} from '@towerwatch/domain';
import { buildCaller, type Caller } from '../../auth/caller.ts';
import type { UserRecord } from '../../auth/user-record.ts';
import type { Clock } from '../../clock.ts';
import { xlsxBuffer } from '../../kernel/xlsx/index.ts';
import { type AnalyticsService, reportFileName, reportWorkbook } from '../analytics/index.ts';
import type { ReportContext, ReportProducer } from './schedules.service.ts';

export interface AnalyticsProducerDeps {
  reports: AnalyticsService;
  findUser: (uid: string) => Promise<UserRecord | undefined>;
  clock: Clock;
}

/**
 * The schedule creator's Caller, its tenants narrowed to the schedule's (the report is shown to anyone
 * allowed those tenants, so it holds no other). A missing, disabled or moved creator produces nothing.
 */
async function creatorCaller(deps: AnalyticsProducerDeps, ctx: ReportContext): Promise<Caller> {
  const user = await deps.findUser(ctx.createdBy);
  if (!user || user.disabled || user.companyId !== ctx.companyId) {
    throw new Error(`the schedule's creator ${ctx.createdBy} cannot produce reports of ${ctx.companyId}`);
  }
  const caller = buildCaller(user, 'report-job', new Date(deps.clock.now().getTime() + 60_000));
  return { ...caller, allowedTenants: caller.allowedTenants.filter((t) => ctx.tenants.includes(t)) };
}

function producer(deps: AnalyticsProducerDeps, kind: ReportKind): ReportProducer {
  return async (ctx) => {
    const caller = await creatorCaller(deps, ctx);
    const query = {
      compare: 'none' as const,
      from_time: dhakaMonthStartOf(ctx.month).toISOString(),
      until_time: dhakaMonthStartOf(nextMonth(ctx.month)).toISOString(),
      ...(ctx.params.tenant ? { tenant: ctx.params.tenant } : {}),
    };
    const reply =
      kind === 'dg'
        ? await deps.reports.dg(caller, query)
        : kind === 'mains'
          ? await deps.reports.mains(caller, query)
          : kind === 'battery'
            ? await deps.reports.battery(caller, query)
            : await deps.reports.temperature(caller, query);
    try {
      return {
        fileName: reportFileName(reply.head, dhakaDate),
        data: await xlsxBuffer(reportWorkbook(reply)),
        summary: `${SCHEDULED_REPORT_KIND_LABELS[kind]}: ${reply.sites.size} site(s)`,
      };
    } finally {
      await reply.sites.close();
    }
  };
}

/** A producer for each of the four analytics reports. */
export function analyticsProducers(deps: AnalyticsProducerDeps): Record<ReportKind, ReportProducer> {
  return Object.fromEntries(REPORT_KINDS.map((k) => [k, producer(deps, k)])) as Record<
    ReportKind,
    ReportProducer
  >;
}
