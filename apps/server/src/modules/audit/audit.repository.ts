/** SQL of the audit log: insert and a filtered, paged list (the table refuses update and delete). */
import type { AuditAction, AuditTargetType } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';

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
  /** The sites the entry is about (none: about no site). */
  siteUids: string[];
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
  /** Only entries about no site or about sites this caller all sees (undefined: no site filter). */
  siteReader?: Caller;
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
           before, after, ip, detail, site_uids)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
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
          row.siteUids,
        ],
      );
    },

    async list(f: AuditFilter): Promise<{ total: number; items: StoredAuditRow[] }> {
      const p = sqlParams();
      const where: string[] = [];
      if (f.companyId !== undefined) where.push(`a.company_id = ${p.add(f.companyId)}`);
      if (f.siteReader) {
        // Hidden when any site it names exists outside the reader's scope (a deleted site hides nothing).
        where.push(`(cardinality(a.site_uids) = 0 or not exists (
          select 1 from sites s where s.uid = any(a.site_uids) and not ${siteScope(f.siteReader, p, 's')}))`);
      }
      if (f.action) where.push(`a.action = ${p.add(f.action)}`);
      if (f.actor) where.push(`a.actor_uid = ${p.add(f.actor)}`);
      if (f.targetType) where.push(`a.target_type = ${p.add(f.targetType)}`);
      if (f.target) where.push(`a.target_id = ${p.add(f.target)}`);
      if (f.from) where.push(`a.at >= ${p.add(f.from)}`);
      if (f.until) where.push(`a.at < ${p.add(f.until)}`);
      const cond = where.length ? `where ${where.join(' and ')}` : '';
      const total = await db.query<{ n: number }>(
        `select count(*)::int as n from audit_log a ${cond}`,
        p.values,
      );
      const { rows } = await db.query<StoredAuditRow & { id: string; at: Date }>(
        `select a.id, a.at, a.action, a.actor_uid, a.actor_username, a.company_id, a.target_type, a.target_id,
           a.before, a.after, a.ip, a.detail
         from audit_log a ${cond} order by a.id desc limit ${p.add(f.limit)} offset ${p.add(f.offset)}`,
        p.values,
      );
      return {
        total: total.rows[0]?.n ?? 0,
        items: rows.map((r) => ({ ...r, id: Number(r.id), at: r.at.toISOString() })),
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
