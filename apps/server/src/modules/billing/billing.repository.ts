/**
 * SQL of billing: payments (optionally of one company), the recorded transaction references, and
 * the invoice figures per company and month (sites existing before the month's end × rate).
 */
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, sqlParams } from '../../kernel/scope/sql-scope.ts';

export interface PaymentRow {
  id: string;
  company_id: string;
  company_name: string;
  period: string;
  amount: string;
  currency: string;
  method: string;
  transaction_ref: string;
  status: string;
  note: string;
  recorded_by_name: string;
  created_at: Date;
  updated_at: Date;
}

export interface PaymentFilter {
  /** One payment. */
  id?: number;
  /** Only this company (a superuser's own; or the filter). */
  companyId?: string;
  period?: string;
  statuses?: readonly string[];
}

const SELECT = `select p.*, c.name as company_name,
  (select coalesce(nullif(u.name, ''), u.username) from users u where u.uid = p.recorded_by) as recorded_by_name
  from payments p join companies c on c.id = p.company_id`;

function wherePayments(p: SqlParams, f: PaymentFilter): string {
  const parts = ['true'];
  if (f.id !== undefined) parts.push(`p.id = ${p.add(f.id)}`);
  if (f.companyId) parts.push(`p.company_id = ${p.add(f.companyId)}`);
  if (f.period) parts.push(`p.period = ${p.add(f.period)}`);
  if (f.statuses?.length) parts.push(`p.status = any(${p.add([...f.statuses])}::text[])`);
  return parts.join(' and ');
}

export function createBillingRepository(db: Queryable) {
  return {
    async page(f: PaymentFilter, limit: number, offset: number) {
      const p = sqlParams();
      const where = wherePayments(p, f);
      const count = await db.query<{ n: number }>(
        `select count(*)::int as n from payments p where ${where}`,
        p.values,
      );
      const { rows } = await db.query<PaymentRow>(
        `${SELECT} where ${where} order by p.id desc limit ${p.add(limit)} offset ${p.add(offset)}`,
        p.values,
      );
      return { total: count.rows[0]?.n ?? 0, rows };
    },

    async find(id: number, lock = false): Promise<PaymentRow | null> {
      if (lock) await db.query('select 1 from payments where id = $1 for update', [id]);
      const { rows } = await db.query<PaymentRow>(`${SELECT} where p.id = $1`, [id]);
      return rows[0] ?? null;
    },

    /** A company by id or code. */
    async company(idOrCode: string) {
      const { rows } = await db.query<{ id: string; name: string }>(
        'select id, name from companies where id = $1 or lower(code) = lower($1) limit 1',
        [idOrCode],
      );
      return rows[0] ?? null;
    },

    async refTaken(ref: string): Promise<boolean> {
      const { rows } = await db.query('select 1 from payments where lower(transaction_ref) = lower($1)', [
        ref,
      ]);
      return rows.length > 0;
    },

    /** Inserts a payment; null when the transaction reference was recorded meanwhile (unique index). */
    async insert(x: {
      companyId: string;
      period: string;
      amount: number;
      currency: string;
      method: string;
      transactionRef: string;
      status: string;
      note: string;
      by: string;
      at: Date;
    }): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>(
        `insert into payments (company_id, period, amount, currency, method, transaction_ref, status, note,
           recorded_by, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
         on conflict (lower(transaction_ref)) do nothing returning id`,
        [
          x.companyId,
          x.period,
          x.amount,
          x.currency,
          x.method,
          x.transactionRef,
          x.status,
          x.note,
          x.by,
          x.at,
        ],
      );
      return rows[0] ? Number(rows[0].id) : null;
    },

    async setStatus(id: number, status: string, note: string | undefined, at: Date): Promise<void> {
      await db.query(
        'update payments set status = $2, note = coalesce($3, note), updated_at = $4 where id = $1',
        [id, status, note ?? null, at],
      );
    },

    async setRate(companyId: string, rate: number, at: Date): Promise<void> {
      await db.query(
        `insert into company_settings (company_id, per_site_rate, updated_at) values ($1, $2, $3)
         on conflict (company_id) do update set per_site_rate = excluded.per_site_rate, updated_at = excluded.updated_at`,
        [companyId, rate, at],
      );
    },

    /**
     * Per company (or one): sites created before `end`, the per-site rate setting, and complete
     * payments of the period.
     */
    async invoiceFigures(period: string, end: Date, companyId?: string) {
      const p = sqlParams([period, end]);
      const only = companyId ? `where c.id = ${p.add(companyId)}` : '';
      const { rows } = await db.query<{
        company_id: string;
        company_name: string;
        sites: number;
        rate: string | null;
        paid: string;
      }>(
        `select c.id as company_id, c.name as company_name,
           (select count(*)::int from sites s where s.company_id = c.id and s.created_at < $2) as sites,
           (select cs.per_site_rate from company_settings cs where cs.company_id = c.id) as rate,
           (select coalesce(sum(pm.amount), 0) from payments pm
             where pm.company_id = c.id and pm.period = $1 and pm.status = 'complete') as paid
         from companies c ${only} order by c.name`,
        p.values,
      );
      return rows;
    },
  };
}
