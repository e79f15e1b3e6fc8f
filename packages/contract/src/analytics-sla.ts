/**
 * Tenant SLA report and scheduled reports (issue 15 "Beyond the anchors"; rules in the domain's
 * sla.ts). Query names follow the spec's analytics calls (`user_uid`, `from_time`, `until_time`,
 * `excel=yes`).
 */
import {
  parseReportTime,
  SCHEDULED_REPORT_KINDS,
  SLA_CAUSES,
  SLA_DEFAULT_TARGET,
  SLA_MAX_MONTHS,
  SLA_TARGET_LIMITS,
} from '@towerwatch/domain';
import { z } from 'zod';
import { excelParam } from './analytics.ts';
import { queryInt, safeText } from './input.ts';
import { isoTime, tenantCode, userUidParam } from './site-common.ts';

/** An Asia/Dhaka month `YYYY-MM`. */
export const monthParam = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM');
/** `from_time` / `until_time` as the analytics reports take them: an ISO instant or a Dhaka date. */
const slaTime = (side: 'from' | 'until') =>
  safeText()
    .max(40)
    .refine((v) => parseReportTime(v, side) !== null, 'an ISO time or a YYYY-MM-DD date');

/** An SLA target in percent (a number or numeric string). */
export const slaTarget = z.coerce.number().min(SLA_TARGET_LIMITS.min).max(SLA_TARGET_LIMITS.max);

/**
 * GET /analytics/sla-report: `month`, or `from_time`/`until_time` widened to whole Asia/Dhaka months
 * (at most {@link SLA_MAX_MONTHS}); default the current month up to now. `excel=yes` answers the .xlsx.
 */
export const slaReportQuery = z.object({
  user_uid: userUidParam.optional(),
  month: monthParam.optional(),
  from_time: slaTime('from').optional(),
  until_time: slaTime('until').optional(),
  target: slaTarget.default(SLA_DEFAULT_TARGET),
  tenant: tenantCode.optional(),
  excel: excelParam,
});
export type SlaReportQuery = z.infer<typeof slaReportQuery>;

/** Outage minutes by cause. */
export const slaCauseMinutes = z.object(
  Object.fromEntries(SLA_CAUSES.map((c) => [c, z.number()])) as Record<
    (typeof SLA_CAUSES)[number],
    z.ZodNumber
  >,
);
export type SlaCauseMinutes = z.infer<typeof slaCauseMinutes>;

/** One tenant in one month. */
export const slaTenantRow = z.object({
  month: z.string(),
  tenant: z.string(),
  sites: z.number().int(),
  sitesMeeting: z.number().int(),
  sitesBreaching: z.number().int(),
  /** Availability of all the tenant's sites together (down ÷ possible summed), null without data. */
  availability: z.number().nullable(),
  outageMinutes: z.number(),
  /** Minutes the devices were offline: neither up nor down, left out of the possible time. */
  gapMinutes: z.number(),
  causes: slaCauseMinutes,
});
export type SlaTenantRow = z.infer<typeof slaTenantRow>;

/** A site of a tenant below the target in a month. */
export const slaBreachRow = z.object({
  month: z.string(),
  tenant: z.string(),
  siteUid: z.string(),
  siteName: z.string(),
  genericSiteId: z.string().nullable(),
  availability: z.number().nullable(),
  outageMinutes: z.number(),
  gapMinutes: z.number(),
  outages: z.number().int(),
  /** Down at the end of the period (a running outage counts up to now). */
  downNow: z.boolean(),
  causes: slaCauseMinutes,
});
export type SlaBreachRow = z.infer<typeof slaBreachRow>;

export const slaReportReply = z.object({
  from: isoTime,
  until: isoTime,
  months: z.array(z.string()),
  target: z.number(),
  generatedAt: isoTime,
  tenants: z.array(slaTenantRow),
  breaches: z.array(slaBreachRow),
});
export type SlaReportReply = z.infer<typeof slaReportReply>;

export const scheduledReportKind = z.enum(SCHEDULED_REPORT_KINDS);

/** Parameters of a scheduled report (the ones its kind reads). */
export const reportScheduleParams = z
  .object({ tenant: tenantCode.optional(), target: slaTarget.optional() })
  .strict();
export type ReportScheduleParams = z.infer<typeof reportScheduleParams>;

/** POST /analytics/report-schedules. */
export const createReportScheduleBody = z
  .object({ kind: scheduledReportKind, params: reportScheduleParams.default({}) })
  .strict();
export type CreateReportScheduleBody = z.infer<typeof createReportScheduleBody>;

export const reportSchedule = z.object({
  id: z.number().int(),
  kind: scheduledReportKind,
  params: reportScheduleParams,
  createdBy: z.string(),
  createdAt: isoTime,
  /** Month of the last produced report, null before the first. */
  lastMonth: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;
export const reportScheduleListReply = z.object({
  items: z.array(reportSchedule),
  /** The kinds this server can produce (and so accepts in a new schedule). */
  kinds: z.array(scheduledReportKind),
});
export type ReportScheduleListReply = z.infer<typeof reportScheduleListReply>;
export const reportScheduleReply = z.object({ schedule: reportSchedule });

/** `:id` of a schedule or a produced report. */
export const reportIdParams = z.object({ id: queryInt(1, 2_147_483_647) });
export type ReportIdParams = z.infer<typeof reportIdParams>;
export const reportDeletedReply = z.object({ deleted: z.literal(true) });

/** A produced report: the file is kept for download; `delivered` says whether groups got a message. */
export const producedReport = z.object({
  id: z.number().int(),
  scheduleId: z.number().int().nullable(),
  kind: scheduledReportKind,
  month: z.string(),
  fileName: z.string(),
  bytes: z.number().int(),
  producedAt: isoTime,
  /** Telegram groups the message went to (0: kept for download only). */
  deliveredTo: z.number().int(),
});
export type ProducedReport = z.infer<typeof producedReport>;
export const producedReportListQuery = z.object({ month: monthParam.optional() });
export const producedReportListReply = z.object({ items: z.array(producedReport) });
export type ProducedReportListReply = z.infer<typeof producedReportListReply>;
