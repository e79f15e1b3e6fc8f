/**
 * SQL of report schedules and produced reports. Every read is scoped to one company and to rows whose
 * tenants are all among the caller's allowed tenants (a report holds nothing the caller may not see).
 */
import type { ReportScheduleParams } from '@towerwatch/contract';
import type { ScheduledReportKind } from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';

export interface ScheduleRow {
  id: string;
  company_id: string;
  kind: ScheduledReportKind;
  params: ReportScheduleParams;
  tenants: string[];
  created_by: string;
  created_at: Date;
  last_month: string | null;
}

export interface ProducedRow {
  id: string;
  schedule_id: string | null;
  kind: ScheduledReportKind;
  month: string;
  file_name: string;
  bytes: number;
  delivered_to: number;
  produced_at: Date;
}

/** The company and the tenants a caller may see. */
export interface ReportScope {
  companyId: string;
  tenants: readonly string[];
}

const SCHEDULE_COLUMNS = `s.id, s.company_id, s.kind, s.params, s.tenants, s.created_by, s.created_at,
  (select max(p.month) from produced_reports p where p.schedule_id = s.id) as last_month`;

export function createSchedulesRepository(db: Queryable) {
  return {
    async list(scope: ReportScope): Promise<ScheduleRow[]> {
      const { rows } = await db.query<ScheduleRow>(
        `select ${SCHEDULE_COLUMNS} from report_schedules s
          where s.company_id = $1 and s.tenants <@ $2::text[] order by s.id`,
        [scope.companyId, scope.tenants],
      );
      return rows;
    },

    async count(companyId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from report_schedules where company_id = $1',
        [companyId],
      );
      return rows[0]?.n ?? 0;
    },

    async create(s: {
      companyId: string;
      kind: ScheduledReportKind;
      params: ReportScheduleParams;
      tenants: readonly string[];
      createdBy: string;
      at: Date;
    }): Promise<ScheduleRow> {
      const { rows } = await db.query<ScheduleRow>(
        `with s as (insert into report_schedules (company_id, kind, params, tenants, created_by, created_at)
                    values ($1, $2, $3, $4, $5, $6) returning *)
         select ${SCHEDULE_COLUMNS} from s`,
        [s.companyId, s.kind, JSON.stringify(s.params), s.tenants, s.createdBy, s.at],
      );
      const row = rows[0];
      if (!row) throw new Error('schedule insert returned no row');
      return row;
    },

    /** Deletes a schedule in scope; false when there is none. */
    async delete(scope: ReportScope, id: number): Promise<boolean> {
      const { rowCount } = await db.query(
        'delete from report_schedules where id = $1 and company_id = $2 and tenants <@ $3::text[]',
        [id, scope.companyId, scope.tenants],
      );
      return (rowCount ?? 0) > 0;
    },

    async produced(scope: ReportScope, month: string | undefined): Promise<ProducedRow[]> {
      const { rows } = await db.query<ProducedRow>(
        `select id, schedule_id, kind, month, file_name, octet_length(data) as bytes, delivered_to, produced_at
           from produced_reports
          where company_id = $1 and tenants <@ $2::text[] and ($3::text is null or month = $3)
          order by id desc limit 500`,
        [scope.companyId, scope.tenants, month ?? null],
      );
      return rows;
    },

    async file(scope: ReportScope, id: number): Promise<{ file_name: string; data: Buffer } | null> {
      const { rows } = await db.query<{ file_name: string; data: Buffer }>(
        `select file_name, data from produced_reports
          where id = $1 and company_id = $2 and tenants <@ $3::text[]`,
        [id, scope.companyId, scope.tenants],
      );
      return rows[0] ?? null;
    },

    /** Schedules created before `monthEnd` without a report of `month` (every company: the job). */
    async due(month: string, monthEnd: Date): Promise<ScheduleRow[]> {
      const { rows } = await db.query<ScheduleRow>(
        `select ${SCHEDULE_COLUMNS} from report_schedules s
          where s.created_at < $2
            and not exists (select 1 from produced_reports p where p.schedule_id = s.id and p.month = $1)
          order by s.id`,
        [month, monthEnd],
      );
      return rows;
    },

    /** Locks a schedule for producing; null when another process holds it or it is gone. */
    async lock(id: string): Promise<{ id: string } | null> {
      const { rows } = await db.query<{ id: string }>(
        'select id from report_schedules where id = $1 for update skip locked',
        [id],
      );
      return rows[0] ?? null;
    },

    async hasReport(scheduleId: string, month: string): Promise<boolean> {
      const { rows } = await db.query(
        'select 1 from produced_reports where schedule_id = $1 and month = $2',
        [scheduleId, month],
      );
      return rows.length > 0;
    },

    async insertReport(r: {
      schedule: ScheduleRow;
      month: string;
      fileName: string;
      data: Buffer;
      at: Date;
    }): Promise<string | null> {
      const { rows } = await db.query<{ id: string }>(
        `insert into produced_reports (schedule_id, company_id, kind, month, tenants, file_name, data, produced_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (schedule_id, month) do nothing returning id`,
        [
          r.schedule.id,
          r.schedule.company_id,
          r.schedule.kind,
          r.month,
          r.schedule.tenants,
          r.fileName,
          r.data,
          r.at,
        ],
      );
      return rows[0]?.id ?? null;
    },

    async setDelivered(id: string, groups: number): Promise<void> {
      await db.query('update produced_reports set delivered_to = $2 where id = $1', [id, groups]);
    },
  };
}

export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
