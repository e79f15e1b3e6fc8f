/**
 * The analytics reports (docs/requirements.md#analytics): scope (company, allowed tenants, the chosen
 * customer and tenant), the period and its compare period (packages/domain/src/analytics.ts), one
 * fleet query per period, and the figures of analytics-figures.ts. The caller comes first.
 */
import type {
  BatteryReportQuery,
  BatteryReportReply,
  DgReportQuery,
  DgReportReply,
  MainsReportQuery,
  MainsReportReply,
  TemperatureReportQuery,
  TemperatureReportReply,
} from '@towerwatch/contract';
import {
  addDhakaMonths,
  type CompareMode,
  comparePeriod,
  DEFAULT_DIESEL_PRICE_PER_LITRE,
  DEFAULT_MIN_BACKUP_HOURS,
  DEFAULT_MONTHLY_FREQUENCY,
  defaultReportRange,
  dhakaDate,
  dhakaDayStart,
  MAX_REPORT_RANGE_DAYS,
  parseReportTime,
  periodEnd,
  REPORT_STATE_LOOKBACK_DAYS,
  type ReportKind,
  type ReportPeriod,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { REPORT_BATCHING_DEFAULT, type ReportBatching } from '../../config.ts';
import { ValidationError } from '../../errors.ts';
import { assertTenantsAllowed, ownerFilter } from '../../kernel/scope/site-scope.ts';
import type { SiteLookup } from '../site/index.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';
import type { ReportContext, ResolvedPeriod } from './analytics-context.ts';
import type { StreamedReport } from './analytics-batches.ts';
import { batteryReport, dgReport, mainsReport, temperatureReport } from './analytics-reports.ts';

export interface AnalyticsDeps {
  repo: AnalyticsRepository;
  sites: SiteLookup;
  clock: Clock;
  /** Sites read at a time and statements run at once (default config.ts REPORT_BATCHING_DEFAULT). */
  batching?: ReportBatching;
}

const DAY_MS = 86_400_000;

interface CommonQuery {
  user_uid?: string | undefined;
  compare: CompareMode;
  from_time?: string | undefined;
  until_time?: string | undefined;
  tenant?: string | undefined;
  site_uid?: string | undefined;
}

function resolved(period: ReportPeriod, now: number): ResolvedPeriod {
  const end = periodEnd(period, now);
  return {
    period,
    end,
    window: {
      from: new Date(period.from),
      end: new Date(end),
      lookback: new Date(period.from - REPORT_STATE_LOOKBACK_DAYS * DAY_MS),
    },
  };
}

/**
 * The report's period (docs/requirements.md#report-range): both times as given; only from_time: up to
 * the default until; only until_time: one month before it; neither: the default (from now back by one
 * month; the battery report until one year ahead). Bad orders or lengths are 400s naming the field.
 */
export function reportPeriod(kind: ReportKind, q: CommonQuery, now: Date): ReportPeriod {
  const def = defaultReportRange(kind, now);
  const from = q.from_time ? parseReportTime(q.from_time, 'from') : null;
  const until = q.until_time ? parseReportTime(q.until_time, 'until') : null;
  const p = {
    from: from ?? (until !== null ? addDhakaMonths(new Date(until), -1).getTime() : def.from),
    until: until ?? def.until,
  };
  const field = until !== null ? 'query.until_time' : 'query.from_time';
  if (p.until <= p.from) throw new ValidationError(field, 'The report ends before it starts');
  if (p.until - p.from > MAX_REPORT_RANGE_DAYS * DAY_MS) {
    throw new ValidationError(field, `The report range is longer than ${MAX_REPORT_RANGE_DAYS} days`);
  }
  return p;
}

/** The Asia/Dhaka days of [from, end), each clipped to it (the mains report's daily chart). */
export function dhakaDays(from: number, end: number): { date: string; from: Date; until: Date }[] {
  const days = [];
  for (let d = dhakaDayStart(dhakaDate(new Date(from))).getTime(); d < end; d += DAY_MS) {
    days.push({
      date: dhakaDate(new Date(d)),
      from: new Date(Math.max(d, from)),
      until: new Date(Math.min(d + DAY_MS, end)),
    });
  }
  return days;
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  async function context(caller: Caller, kind: ReportKind, q: CommonQuery): Promise<ReportContext> {
    assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
    const owner = await ownerFilter(deps.sites, caller, q.user_uid);
    const now = deps.clock.now();
    const main = resolved(reportPeriod(kind, q, now), now.getTime());
    // The compare period mirrors the elapsed part of the report's period (a battery report's until
    // is a year ahead: its compare period is the months before, not a year and more).
    const prev = comparePeriod({ from: main.period.from, until: main.end }, q.compare);
    return {
      caller,
      // site_uid (the open site's /report page) narrows the caller's scope: a site outside it gives no row.
      filter: {
        ...owner,
        ...(q.tenant ? { tenant: q.tenant } : {}),
        ...(q.site_uid ? { siteUid: q.site_uid } : {}),
      },
      main,
      previous: prev && prev.until > prev.from ? resolved(prev, now.getTime()) : null,
      now,
      meta: {
        generatedAt: now.toISOString(),
        compare: q.compare,
        tenant: q.tenant ?? null,
        companyId: owner.companyId ?? null,
      },
    };
  }

  const batching = deps.batching ?? REPORT_BATCHING_DEFAULT;
  // Each report's site rows are spooled as they are computed (analytics-reports.ts): the caller writes
  // the reply from the StreamedReport and closes its rows.
  return {
    async dg(caller: Caller, q: DgReportQuery): Promise<StreamedReport<DgReportReply>> {
      const ctx = await context(caller, 'dg', q);
      return dgReport(deps.repo, ctx, q.fuel_price ?? DEFAULT_DIESEL_PRICE_PER_LITRE, batching);
    },

    async mains(caller: Caller, q: MainsReportQuery): Promise<StreamedReport<MainsReportReply>> {
      const ctx = await context(caller, 'mains', q);
      const days = dhakaDays(ctx.main.period.from, ctx.main.end);
      return mainsReport(deps.repo, ctx, q.daily_avg ?? null, days, batching);
    },

    async battery(caller: Caller, q: BatteryReportQuery): Promise<StreamedReport<BatteryReportReply>> {
      const ctx = await context(caller, 'battery', q);
      return batteryReport(deps.repo, ctx, q.min_backup_hour ?? DEFAULT_MIN_BACKUP_HOURS, batching);
    },

    async temperature(
      caller: Caller,
      q: TemperatureReportQuery,
    ): Promise<StreamedReport<TemperatureReportReply>> {
      const ctx = await context(caller, 'temperature', q);
      return temperatureReport(deps.repo, ctx, q.monthly_frequency ?? DEFAULT_MONTHLY_FREQUENCY, batching);
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
