/** SQL of device vendors and their API tokens. */
import type { DeviceVendor, VendorListQuery, VendorToken } from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, sqlParams } from '../../kernel/scope/sql-scope.ts';

interface VendorRow extends Omit<DeviceVendor, 'created_at'> {
  created_at: Date;
}

/** A device's vendor, its company and the vendor's company (HTTP ingest checks). */
export interface DeviceVendorOf {
  vendor: string | null;
  companyId: string | null;
  vendorCompanyId: string | null;
}

/** A stored token row (with its secret hash). */
export interface TokenRow {
  id: string;
  vendor_uid: string;
  name: string;
  secret_hash: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  accepted: string;
  rejected: string;
}

const VENDOR_SELECT = `select v.uid, v.name, v.address, v.logo, v.company_id, v.created_at,
    (select count(*) from devices d where d.vendor = v.uid)::int as devices,
    (select count(*) from vendor_tokens t where t.vendor_uid = v.uid and t.revoked_at is null
      and (t.expires_at is null or t.expires_at > now()))::int as active_tokens
  from device_vendors v`;

/** Vendors the caller may see: operators all; others their company's and those serving every company. */
function vendorScope(caller: Caller, p: SqlParams): string {
  if (caller.isOperator) return 'true';
  if (!caller.companyId) return 'v.company_id is null';
  return `(v.company_id is null or v.company_id = ${p.add(caller.companyId)})`;
}

const toVendor = (r: VendorRow): DeviceVendor => ({ ...r, created_at: r.created_at.toISOString() });

/** A token as listed, at `now`. */
export function toToken(r: TokenRow, now: Date): VendorToken {
  return {
    id: r.id,
    vendor_uid: r.vendor_uid,
    name: r.name,
    prefix: `twv_${r.id}`,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at?.toISOString() ?? null,
    last_used_at: r.last_used_at?.toISOString() ?? null,
    revoked_at: r.revoked_at?.toISOString() ?? null,
    accepted: Number(r.accepted),
    rejected: Number(r.rejected),
    active: !r.revoked_at && (!r.expires_at || r.expires_at > now),
  };
}

export function createVendorsRepository(db: Queryable) {
  return {
    async list(caller: Caller, q: VendorListQuery) {
      const p = sqlParams();
      const where = [vendorScope(caller, p)];
      if (q.uid) where.push(`v.uid = ${p.add(q.uid)}`);
      if (q.company_id) where.push(`v.company_id = ${p.add(q.company_id)}`);
      if (q.search) where.push(`v.name ilike ${p.add(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
      const { rows } = await db.query<VendorRow & { total: number }>(
        `${VENDOR_SELECT.replace('select ', 'select count(*) over ()::int as total, ')}
         where ${where.join(' and ')} order by v.name, v.uid
         limit ${p.add(q.limit)} offset ${p.add((q.page - 1) * q.limit)}`,
        p.values,
      );
      return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _t, ...r }) => toVendor(r)) };
    },

    async find(uid: string): Promise<DeviceVendor | null> {
      const { rows } = await db.query<VendorRow>(`${VENDOR_SELECT} where v.uid = $1`, [uid]);
      return rows[0] ? toVendor(rows[0]) : null;
    },

    async insert(v: {
      uid: string;
      name: string;
      address: string | null;
      logo: string | null;
      companyId: string | null;
    }) {
      await db.query(
        'insert into device_vendors (uid, name, address, logo, company_id) values ($1, $2, $3, $4, $5)',
        [v.uid, v.name, v.address, v.logo, v.companyId],
      );
    },

    async update(
      uid: string,
      v: { name: string; address?: string | null; logo?: string | null; companyId?: string | null },
    ) {
      const p = sqlParams([uid, v.name]);
      const parts = ['name = $2', 'updated_at = now()'];
      if (v.address !== undefined) parts.push(`address = ${p.add(v.address)}`);
      if (v.logo !== undefined) parts.push(`logo = ${p.add(v.logo)}`);
      if (v.companyId !== undefined) parts.push(`company_id = ${p.add(v.companyId)}`);
      await db.query(`update device_vendors set ${parts.join(', ')} where uid = $1`, p.values);
    },

    /** Deletes the vendor (its tokens go with it); sites and devices naming it are cleared. */
    async remove(uid: string): Promise<void> {
      await db.query('update sites set device_vendor = null where device_vendor = $1', [uid]);
      await db.query('update devices set vendor = null where vendor = $1', [uid]);
      await db.query('delete from device_vendors where uid = $1', [uid]);
    },

    async companyExists(id: string): Promise<boolean> {
      const { rowCount } = await db.query('select 1 from companies where id = $1', [id]);
      return (rowCount ?? 0) > 0;
    },

    async insertToken(t: {
      id: string;
      vendorUid: string;
      name: string;
      secretHash: string;
      createdBy: string;
      createdAt: Date;
      expiresAt: Date | null;
    }): Promise<TokenRow> {
      const { rows } = await db.query<TokenRow>(
        `insert into vendor_tokens (id, vendor_uid, name, secret_hash, created_by, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7) returning *`,
        [t.id, t.vendorUid, t.name, t.secretHash, t.createdBy, t.createdAt, t.expiresAt],
      );
      return rows[0] as TokenRow;
    },

    async tokens(vendorUid: string): Promise<TokenRow[]> {
      const { rows } = await db.query<TokenRow>(
        'select * from vendor_tokens where vendor_uid = $1 order by created_at desc, id',
        [vendorUid],
      );
      return rows;
    },

    async token(id: string): Promise<TokenRow | null> {
      const { rows } = await db.query<TokenRow>('select * from vendor_tokens where id = $1', [id]);
      return rows[0] ?? null;
    },

    async revokeToken(id: string, at: Date): Promise<TokenRow | null> {
      const { rows } = await db.query<TokenRow>(
        'update vendor_tokens set revoked_at = coalesce(revoked_at, $2) where id = $1 returning *',
        [id, at],
      );
      return rows[0] ?? null;
    },

    async countUse(id: string, accepted: number, rejected: number, at: Date): Promise<void> {
      await db.query(
        `update vendor_tokens set accepted = accepted + $2, rejected = rejected + $3, last_used_at = $4
         where id = $1`,
        [id, accepted, rejected, at],
      );
    },

    /**
     * The vendor of each known device, the device's company (its site's, else its own) and the
     * vendor's company (null: it serves every company).
     */
    async deviceVendors(comIds: string[]): Promise<Map<string, DeviceVendorOf>> {
      const { rows } = await db.query<{
        com_id: string;
        vendor: string | null;
        company_id: string | null;
        vendor_company_id: string | null;
      }>(
        `select d.com_id, d.vendor, coalesce(s.company_id, d.company_id) as company_id,
           v.company_id as vendor_company_id
         from devices d left join sites s on s.uid = d.site_uid left join device_vendors v on v.uid = d.vendor
         where d.com_id = any($1::text[])`,
        [comIds],
      );
      return new Map(
        rows.map((r) => [
          r.com_id,
          { vendor: r.vendor, companyId: r.company_id, vendorCompanyId: r.vendor_company_id },
        ]),
      );
    },

    /**
     * Companies other than `companyId` whose devices or sites name the vendor (moving the vendor to
     * `companyId` would leave them with another company's vendor).
     */
    async otherCompaniesServed(uid: string, companyId: string): Promise<string[]> {
      const { rows } = await db.query<{ company_id: string }>(
        `select coalesce(s.company_id, d.company_id) as company_id
           from devices d left join sites s on s.uid = d.site_uid where d.vendor = $1
         union
         select s.company_id from sites s where s.device_vendor = $1`,
        [uid],
      );
      return rows.map((r) => r.company_id).filter((c) => c !== null && c !== companyId);
    },
  };
}

export type VendorsRepository = ReturnType<typeof createVendorsRepository>;
