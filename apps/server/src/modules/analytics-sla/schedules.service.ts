/**
 * Scheduled reports: a company admin (domain `REPORT_SCHEDULER_TYPES`, the route rule) schedules a
 * monthly report; the jobs role produces it (report-job.ts); the company's admins list and download
 * the produced files. A schedule keeps the creator's allowed tenants (or its one `tenant`): its reports
 * are produced in that scope and shown only to callers allowed all of those tenants.
 */
import type {
  CreateReportScheduleBody,
  ProducedReport,
  ProducedReportListReply,
  ReportSchedule,
  ReportScheduleListReply,
  ReportScheduleParams,
} from '@towerwatch/contract';
import {
  MAX_REPORT_SCHEDULES,
  SCHEDULED_REPORT_KIND_LABELS,
  SCHEDULED_REPORT_KINDS,
  type ScheduledReportKind,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { assertTenantsAllowed } from '../../kernel/scope/site-scope.ts';
import type { ProducedRow, ReportScope, ScheduleRow, SchedulesRepository } from './schedules.repository.ts';

/** A produced file and the one-line summary the groups get. */
export interface ReportProduct {
  fileName: string;
  data: Buffer;
  summary: string;
}

/** What producing one report of one month needs. */
export interface ReportContext {
  companyId: string;
  tenants: readonly string[];
  params: ReportScheduleParams;
  month: string;
  /** The schedule's creator (the analytics reports are answered for them). */
  createdBy: string;
}

export type ReportProducer = (ctx: ReportContext) => Promise<ReportProduct>;

/** The producers by kind (the module registers all five; a kind without one cannot be scheduled). */
export type ReportProducers = Partial<Record<ScheduledReportKind, ReportProducer>>;

export interface SchedulesServiceDeps {
  repo: SchedulesRepository;
  producers: ReportProducers;
  clock: Clock;
}

export function toSchedule(row: ScheduleRow): ReportSchedule {
  return {
    id: Number(row.id),
    kind: row.kind,
    params: row.params,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    lastMonth: row.last_month,
  };
}

function toProduced(row: ProducedRow): ProducedReport {
  return {
    id: Number(row.id),
    scheduleId: row.schedule_id === null ? null : Number(row.schedule_id),
    kind: row.kind,
    month: row.month,
    fileName: row.file_name,
    bytes: Number(row.bytes),
    producedAt: row.produced_at.toISOString(),
    deliveredTo: row.delivered_to,
  };
}

/** The caller's company and tenants; provider staff without a company have no scheduled reports. */
function scopeOf(caller: Caller): ReportScope {
  if (!caller.companyId) throw new ForbiddenError('Scheduled reports belong to a company');
  return { companyId: caller.companyId, tenants: caller.allowedTenants };
}

export function createSchedulesService(deps: SchedulesServiceDeps) {
  return {
    async list(caller: Caller): Promise<ReportScheduleListReply> {
      return {
        items: (await deps.repo.list(scopeOf(caller))).map(toSchedule),
        kinds: SCHEDULED_REPORT_KINDS.filter((k) => deps.producers[k] !== undefined),
      };
    },

    async create(caller: Caller, body: CreateReportScheduleBody): Promise<{ schedule: ReportSchedule }> {
      const scope = scopeOf(caller);
      if (!deps.producers[body.kind]) {
        throw new ValidationError(
          'body.kind',
          `body.kind: ${SCHEDULED_REPORT_KIND_LABELS[body.kind]} cannot be scheduled on this server`,
        );
      }
      if (body.params.target !== undefined && body.kind !== 'sla') {
        throw new ValidationError(
          'body.params.target',
          'body.params.target: only the SLA report has a target',
        );
      }
      assertTenantsAllowed(caller, body.params.tenant ? [body.params.tenant] : undefined);
      if ((await deps.repo.count(scope.companyId)) >= MAX_REPORT_SCHEDULES) {
        throw new ConflictError(`At most ${MAX_REPORT_SCHEDULES} report schedules per company`, 'body.kind');
      }
      const row = await deps.repo.create({
        companyId: scope.companyId,
        kind: body.kind,
        params: body.params,
        tenants: body.params.tenant ? [body.params.tenant] : scope.tenants,
        createdBy: caller.uid,
        at: deps.clock.now(),
      });
      return { schedule: toSchedule(row) };
    },

    async remove(caller: Caller, id: number): Promise<{ deleted: true }> {
      if (!(await deps.repo.delete(scopeOf(caller), id))) throw new NotFoundError('Schedule not found');
      return { deleted: true };
    },

    async produced(caller: Caller, month: string | undefined): Promise<ProducedReportListReply> {
      return { items: (await deps.repo.produced(scopeOf(caller), month)).map(toProduced) };
    },

    async file(caller: Caller, id: number): Promise<{ fileName: string; data: Buffer }> {
      const row = await deps.repo.file(scopeOf(caller), id);
      if (!row) throw new NotFoundError('Report not found');
      return { fileName: row.file_name, data: row.data };
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
