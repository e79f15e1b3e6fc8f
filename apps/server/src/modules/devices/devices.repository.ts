/** SQL of the devices module: controllers, pin configs and the customer list. */
import type { AdminDevice, CompanyListQuery, CustomerCompany, DeviceListQuery } from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';

interface DeviceRow {
  com_id: string;
  vendor: string | null;
  vendor_name: string | null;
  model: string | null;
  firmware: string | null;
  company_id: string | null;
  site_uid: string | null;
  site_name: string | null;
  online: boolean;
  last_seen_at: Date | null;
  created_at: Date;
}

/** A stored pin config (no latest values). */
export interface PinConfigRow {
  id: number;
  com_id: string;
  pin_name: string;
  type: string;
  priority: string | null;
  tenant: string | null;
  site_uid: string | null;
  user_uid: string | null;
  label: string | null;
}

/** Fields of a pin config to write. */
export interface PinConfigWrite {
  comId: string;
  pinName: string;
  type: string;
  priority: string | null;
  tenant: string | null;
  siteUid: string;
  userUid: string | null;
  label: string;
}

const DEVICE_SELECT = `select d.com_id, d.vendor, v.name as vendor_name, d.model, d.firmware,
    coalesce(s.company_id, d.company_id) as company_id, d.site_uid, s.name as site_name, d.online,
    d.last_seen_at, d.created_at
  from devices d left join sites s on s.uid = d.site_uid left join device_vendors v on v.uid = d.vendor`;

/** Devices the caller may see: operators every one; others their company's (bound: sites they see). */
function deviceScope(caller: Caller, p: SqlParams): string {
  if (caller.isOperator) return 'true';
  if (!caller.companyId) return 'false';
  return `((d.site_uid is not null and ${siteScope(caller, p, 's')})
    or (d.site_uid is null and d.company_id = ${p.add(caller.companyId)}))`;
}

function toDevice(r: DeviceRow): AdminDevice {
  return {
    ...r,
    last_seen_at: r.last_seen_at ? r.last_seen_at.toISOString() : null,
    created_at: r.created_at.toISOString(),
  };
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createDevicesRepository(db: Queryable) {
  async function listWhere(
    caller: Caller,
    p: SqlParams,
    extra: string[],
    order: string,
    limit: number,
    offset: number,
  ) {
    const where = [deviceScope(caller, p), ...extra].join(' and ');
    const { rows } = await db.query<DeviceRow & { total: number }>(
      `${DEVICE_SELECT.replace('select ', 'select count(*) over ()::int as total, ')} where ${where}
       order by ${order} limit ${p.add(limit)} offset ${p.add(offset)}`,
      p.values,
    );
    return { total: rows[0]?.total ?? 0, items: rows.map(toDevice) };
  }

  return {
    async list(caller: Caller, q: DeviceListQuery & { unboundOnly?: boolean }) {
      const p = sqlParams();
      const extra: string[] = [];
      if (q.search) {
        const s = p.add(like(q.search));
        extra.push(`(d.com_id ilike ${s} or s.name ilike ${s} or d.site_uid ilike ${s})`);
      }
      if (q.company_id) extra.push(`coalesce(s.company_id, d.company_id) = ${p.add(q.company_id)}`);
      if (q.site_uid) extra.push(`d.site_uid = ${p.add(q.site_uid)}`);
      if (q.bound === 'yes') extra.push('d.site_uid is not null');
      if (q.bound === 'no') extra.push('d.site_uid is null');
      return listWhere(caller, p, extra, 'd.com_id', q.limit, (q.page - 1) * q.limit);
    },

    async find(caller: Caller, comId: string): Promise<AdminDevice | null> {
      const p = sqlParams();
      const where = `${deviceScope(caller, p)} and d.com_id = ${p.add(comId)}`;
      const { rows } = await db.query<DeviceRow>(`${DEVICE_SELECT} where ${where}`, p.values);
      return rows[0] ? toDevice(rows[0]) : null;
    },

    async exists(comId: string): Promise<boolean> {
      const { rowCount } = await db.query('select 1 from devices where com_id = $1', [comId]);
      return (rowCount ?? 0) > 0;
    },

    async insert(d: {
      comId: string;
      vendor: string | null;
      model: string | null;
      firmware: string | null;
      companyId: string | null;
      secretHash: string;
    }) {
      await db.query(
        `insert into devices (com_id, vendor, model, firmware, company_id, secret_hash) values ($1, $2, $3, $4, $5, $6)`,
        [d.comId, d.vendor, d.model, d.firmware, d.companyId, d.secretHash],
      );
    },

    async update(
      comId: string,
      set: {
        vendor?: string | null;
        model?: string | null;
        firmware?: string | null;
        companyId?: string | null;
        secretHash?: string;
      },
    ) {
      const p = sqlParams([comId]);
      const parts: string[] = [];
      if (set.vendor !== undefined) parts.push(`vendor = ${p.add(set.vendor)}`);
      if (set.model !== undefined) parts.push(`model = ${p.add(set.model)}`);
      if (set.firmware !== undefined) parts.push(`firmware = ${p.add(set.firmware)}`);
      if (set.companyId !== undefined) parts.push(`company_id = ${p.add(set.companyId)}`);
      if (set.secretHash !== undefined) parts.push(`secret_hash = ${p.add(set.secretHash)}`);
      if (parts.length) await db.query(`update devices set ${parts.join(', ')} where com_id = $1`, p.values);
    },

    /** The vendor's company (null: it serves every company), or null when there is no such vendor. */
    async vendorCompany(uid: string): Promise<{ companyId: string | null } | null> {
      const { rows } = await db.query<{ company_id: string | null }>(
        'select company_id from device_vendors where uid = $1',
        [uid],
      );
      return rows[0] ? { companyId: rows[0].company_id } : null;
    },

    async companyExists(id: string): Promise<boolean> {
      const { rowCount } = await db.query('select 1 from companies where id = $1', [id]);
      return (rowCount ?? 0) > 0;
    },

    async bind(comId: string, siteUid: string, companyId: string) {
      await db.query('update devices set site_uid = $2, company_id = $3 where com_id = $1', [
        comId,
        siteUid,
        companyId,
      ]);
    },

    /** Unbinds the device and removes its pin configs of the site; returns how many were removed. */
    async unbind(comId: string, siteUid: string): Promise<number> {
      const { rowCount } = await db.query('delete from pin_configs where com_id = $1 and site_uid = $2', [
        comId,
        siteUid,
      ]);
      // It stays the customer's device (bindable again by them).
      await db.query(
        `update devices set site_uid = null,
           company_id = coalesce(company_id, (select company_id from sites where uid = $2))
         where com_id = $1 and site_uid = $2`,
        [comId, siteUid],
      );
      return rowCount ?? 0;
    },

    /** The tenants (null = none) of a device's pin configs at a site. */
    async pinTenantsOf(comId: string, siteUid: string): Promise<(string | null)[]> {
      const { rows } = await db.query<{ tenant: string | null }>(
        'select distinct tenant from pin_configs where com_id = $1 and site_uid = $2',
        [comId, siteUid],
      );
      return rows.map((r) => r.tenant);
    },

    async pinConfig(id: number): Promise<PinConfigRow | null> {
      const { rows } = await db.query<PinConfigRow>('select * from pin_configs where id = $1', [id]);
      return rows[0] ?? null;
    },

    /** Inserts, or replaces the config of the same com_id, pin and tenant; returns its id. */
    async upsertPinConfig(w: PinConfigWrite): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `insert into pin_configs (com_id, pin_name, type, priority, tenant, site_uid, user_uid, label)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (com_id, pin_name, coalesce(tenant, '')) do update set type = excluded.type,
           priority = excluded.priority, site_uid = excluded.site_uid, user_uid = excluded.user_uid,
           label = excluded.label
         returning id`,
        [w.comId, w.pinName, w.type, w.priority, w.tenant, w.siteUid, w.userUid, w.label],
      );
      return Number(rows[0]?.id);
    },

    async updatePinConfig(id: number, w: PinConfigWrite): Promise<void> {
      await db.query(
        `update pin_configs set com_id = $2, pin_name = $3, type = $4, priority = $5, tenant = $6,
           site_uid = $7, user_uid = $8, label = $9 where id = $1`,
        [id, w.comId, w.pinName, w.type, w.priority, w.tenant, w.siteUid, w.userUid, w.label],
      );
    },

    async removePinConfig(id: number): Promise<void> {
      await db.query('delete from pin_configs where id = $1', [id]);
    },

    /** Inserts a company (id = code); false when the code is taken. */
    async insertCompany(c: {
      code: string;
      name: string;
      label: string;
      logo: string | null;
    }): Promise<boolean> {
      const { rowCount } = await db.query(
        `insert into companies (id, code, name, label, logo) values ($1, $1, $2, $3, $4) on conflict do nothing`,
        [c.code, c.name, c.label, c.logo],
      );
      return (rowCount ?? 0) > 0;
    },

    async updateCompany(
      id: string,
      c: { name: string; label: string; logo?: string | null },
    ): Promise<boolean> {
      const { rowCount } = await db.query(
        `update companies set name = $2, label = $3, logo = case when $5 then $4 else logo end where id = $1`,
        [id, c.name, c.label, c.logo ?? null, c.logo !== undefined],
      );
      return (rowCount ?? 0) > 0;
    },

    async companies(q: CompanyListQuery): Promise<{ total: number; items: CustomerCompany[] }> {
      const p = sqlParams();
      const where = q.search
        ? `where c.name ilike ${p.add(like(q.search))} or c.label ilike $1 or c.code ilike $1`
        : '';
      const { rows } = await db.query<CustomerCompany & { total: number }>(
        `select count(*) over ()::int as total, c.id, c.code, c.name, c.label, c.logo,
           (select u.uid from users u where u.company_id = c.id and u.root_user_uid is null
             order by u.created_at, u.uid limit 1) as root_user_uid,
           (select count(*) from sites s where s.company_id = c.id)::int as sites,
           (select count(*) from devices d left join sites s on s.uid = d.site_uid
             where coalesce(s.company_id, d.company_id) = c.id)::int as devices,
           (select count(*) from devices d left join sites s on s.uid = d.site_uid
             where coalesce(s.company_id, d.company_id) = c.id and d.online)::int as devices_online,
           (select count(distinct a.site_uid) from alarms a join sites s on s.uid = a.site_uid
             where s.company_id = c.id and a.alarm_id = 'site_down' and not a.is_normal and a.is_available)::int as sites_down,
           (select count(*) from alarms a join sites s on s.uid = a.site_uid
             where s.company_id = c.id and not a.is_normal and a.is_available)::int as active_alarms
         from companies c ${where}
         order by c.label, c.id limit ${p.add(q.limit)} offset ${p.add((q.page - 1) * q.limit)}`,
        p.values,
      );
      return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _t, ...c }) => c) };
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
