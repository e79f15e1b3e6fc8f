/** SQL of the audit log: insert and a filtered, paged list (the table refuses update and delete). */
import type { AuditAction, AuditTargetType } from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';

/** A row to append. */
export interface AuditRow {
  action: AuditAction;
  actorUid: string | null;
  actorUsername: string | null;
  companyId: string | null;
  targetType: AuditTargetType | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  detail: unknown;
  at: Date;
}

/** A stored row, as the API shows it. */
export interface StoredAuditRow {
  id: number;
  at: string;
  action: AuditAction;
  actor_uid: string | null;
  actor_username: string | null;
  company_id: string | null;
  target_type: AuditTargetType | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  detail: unknown;
}

export interface AuditFilter {
  /** undefined = every company */
  companyId?: string;
  action?: string;
  actor?: string;
  targetType?: string;
  target?: string;
  from?: Date;
  until?: Date;
  limit: number;
  offset: number;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export function createAuditRepository(db: Queryable) {
  return {
    async insert(row: AuditRow): Promise<void> {
      await db.query(
        `insert into audit_log (at, action, actor_uid, actor_username, company_id, target_type, target_id,
           before, after, ip, detail)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          row.at,
          row.action,
          row.actorUid,
          row.actorUsername,
          row.companyId,
          row.targetType,
          row.targetId,
          json(row.before),
          json(row.after),
          row.ip,
          json(row.detail),
        ],
      );
    },

    async list(f: AuditFilter): Promise<{ total: number; items: StoredAuditRow[] }> {
      const where: string[] = [];
      const values: unknown[] = [];
      const add = (sql: string, value: unknown) => {
        values.push(value);
        where.push(sql.replace('?', `$${values.length}`));
      };
      if (f.companyId !== undefined) add('company_id = ?', f.companyId);
      if (f.action) add('action = ?', f.action);
      if (f.actor) add('actor_uid = ?', f.actor);
      if (f.targetType) add('target_type = ?', f.targetType);
      if (f.target) add('target_id = ?', f.target);
      if (f.from) add('at >= ?', f.from);
      if (f.until) add('at < ?', f.until);
      const cond = where.length ? `where ${where.join(' and ')}` : '';
      const total = await db.query<{ n: number }>(`select count(*)::int as n from audit_log ${cond}`, values);
      values.push(f.limit, f.offset);
      const { rows } = await db.query<StoredAuditRow & { id: string; at: Date }>(
        `select id, at, action, actor_uid, actor_username, company_id, target_type, target_id, before, after,
           ip, detail
         from audit_log ${cond} order by id desc limit $${values.length - 1} offset $${values.length}`,
        values,
      );
      return {
        total: total.rows[0]?.n ?? 0,
        items: rows.map((r) => ({ ...r, id: Number(r.id), at: r.at.toISOString() })),
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
