/**
 * SQL of the site area: scoped site lists, one scoped site, pin configs with latest values, alarms,
 * DC load currents, writes of sites and settings. Every read is scoped with `siteScope` (company +
 * allowed tenants; operators see all) and alarms with `tenantScope`.
 */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import type { AlarmRow, SiteRow } from '../../kernel/rows/site-rows.ts';
import { type SqlParams, siteScope, sqlParams, tenantScope } from '../../kernel/scope/sql-scope.ts';

/** Extra conditions of a site list. */
export interface SiteListFilter {
  /** Only this company (operators choosing a customer by user_uid). */
  companyId?: string;
  siteUid?: string;
  /** Sites having at least one of these tenants. */
  tenants?: string[];
  /** Sites having at least one event of this name. */
  eventName?: string;
  /** Only these sites (already decided by another filter). */
  siteUids?: string[];
  /** Raw condition on alarms `a` (site filter); built by {@link alarmFilterSql}. */
  alarmCondition?: (p: SqlParams) => string;
}

export interface PinRow {
  id: number;
  com_id: string;
  pin_name: string;
  type: string;
  priority: string | null;
  tenant: string | null;
  site_uid: string;
  user_uid: string | null;
  label: string | null;
  value: number | null;
  ts: Date | null;
}

export interface DcLoadRow {
  site_uid: string;
  /** '' = no tenant (counts as the first operator tenant). */
  tenant: string;
  state: 'DOWN' | 'NORMAL' | 'OVER';
  current: number;
}

const SITE_COLUMNS = `s.uid, s.name, s.company_id, c.code as company_code, s.user_uid, s.tenants, s.thana,
  s.district, s.division, s.lat, s.lng, s.meta, s.rectifier, s.bms, s.battery_max, s.device_vendor,
  s.more_details, s.settings, s.inc, s.created_at,
  exists (select 1 from devices d where d.site_uid = s.uid and d.online) as online`;

/** Distinct com_ids of site `s` (devices and pin configs) as a text[]. */
export const DEVICES_ARRAY = `array(select com_id from devices d where d.site_uid = s.uid
  union select com_id from pin_configs pc where pc.site_uid = s.uid order by 1)`;

const DEVICES_COLUMN = `${DEVICES_ARRAY} as devices`;

/** The conditions of a site list on `sites s`: the caller's scope and the filter. */
export function whereSites(caller: Caller, p: SqlParams, f: SiteListFilter): string {
  const parts = [siteScope(caller, p, 's')];
  if (f.companyId) parts.push(`s.company_id = ${p.add(f.companyId)}`);
  if (f.siteUid) parts.push(`s.uid = ${p.add(f.siteUid)}`);
  if (f.siteUids) parts.push(`s.uid = any(${p.add(f.siteUids)}::text[])`);
  if (f.tenants?.length) parts.push(`s.tenants && ${p.add(f.tenants)}::text[]`);
  if (f.eventName) {
    parts.push(`exists (select 1 from events e where e.site_uid = s.uid and e.name = ${p.add(f.eventName)})`);
  }
  if (f.alarmCondition) {
    parts.push(
      `exists (select 1 from alarms a where a.site_uid = s.uid and ${tenantScope(caller, p, 'a.tenant', { alarmId: 'a.alarm_id' })} and ${f.alarmCondition(p)})`,
    );
  }
  return parts.join(' and ');
}

export function createSiteRepository(db: Queryable) {
  return {
    /** One page of the caller's sites ordered by uid, with the total over all pages. */
    async list(
      caller: Caller,
      f: SiteListFilter,
      page: { offset: number; limit: number; withDevices: boolean },
    ): Promise<{ rows: SiteRow[]; total: number }> {
      const p = sqlParams();
      const where = whereSites(caller, p, f);
      const sql = `select ${SITE_COLUMNS}, ${page.withDevices ? DEVICES_COLUMN : 'null::text[] as devices'},
          count(*) over () as total
        from sites s join companies c on c.id = s.company_id
        where ${where} order by s.uid limit ${p.add(page.limit)} offset ${p.add(page.offset)}`;
      const { rows } = await db.query<SiteRow & { total: number }>(sql, p.values);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page.offset > 0) total = await this.count(caller, f);
      return { rows, total };
    },

    async count(caller: Caller, f: SiteListFilter): Promise<number> {
      const p = sqlParams();
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from sites s where ${whereSites(caller, p, f)}`,
        p.values,
      );
      return rows[0]?.n ?? 0;
    },

    /** Uids of the caller's sites matching the filter (unpaged). */
    async listUids(caller: Caller, f: SiteListFilter): Promise<string[]> {
      const p = sqlParams();
      const { rows } = await db.query<{ uid: string }>(
        `select s.uid from sites s where ${whereSites(caller, p, f)} order by s.uid`,
        p.values,
      );
      return rows.map((r) => r.uid);
    },

    /** One site if the caller may see it, else null. */
    async findScoped(caller: Caller, siteUid: string, withDevices = true): Promise<SiteRow | null> {
      const { rows } = await this.list(caller, { siteUid }, { offset: 0, limit: 1, withDevices });
      return rows[0] ?? null;
    },

    /** Company id of a user (for operators' user_uid), or null when the user does not exist. */
    async companyExists(companyId: string): Promise<boolean> {
      const { rowCount } = await db.query('select 1 from companies where id = $1', [companyId]);
      return (rowCount ?? 0) > 0;
    },

    async findUserCompany(uid: string): Promise<{ companyId: string | null } | null> {
      const { rows } = await db.query<{ company_id: string | null }>(
        'select company_id from users where uid = $1',
        [uid],
      );
      return rows[0] ? { companyId: rows[0].company_id } : null;
    },

    /** Alarms of these sites visible to the caller, by site. */
    async alarmsOf(caller: Caller, siteUids: string[]): Promise<AlarmRow[]> {
      if (siteUids.length === 0) return [];
      const p = sqlParams();
      const { rows } = await db.query<AlarmRow>(
        `select a.* from alarms a where a.site_uid = any(${p.add(siteUids)}::text[])
           and ${tenantScope(caller, p, 'a.tenant', { alarmId: 'a.alarm_id' })}
         order by a.site_uid, a.alarm_id, a.tenant`,
        p.values,
      );
      return rows;
    },

    /** DC load state per site and tenant, as last classified by the alarm engine (`dc_load_state`). */
    async dcLoadOf(siteUids: string[]): Promise<DcLoadRow[]> {
      if (siteUids.length === 0) return [];
      const { rows } = await db.query<DcLoadRow>(
        `select site_uid, tenant, state, current from dc_load_state
          where site_uid = any($1::text[]) order by site_uid, tenant`,
        [siteUids],
      );
      return rows;
    },

    /** Records that a user opened a site (POST /user/session/start). */
    async recordSession(userUid: string, siteUid: string, at: Date): Promise<void> {
      await db.query('insert into sessions (user_uid, site_uid, started_at) values ($1, $2, $3)', [
        userUid,
        siteUid,
        at,
      ]);
    },

    /** Pin configs of a site with their latest values. */
    async pinsOf(siteUid: string): Promise<PinRow[]> {
      const { rows } = await db.query<PinRow>(
        `select pc.id, pc.com_id, pc.pin_name, pc.type, pc.priority, pc.tenant, pc.site_uid, pc.user_uid, pc.label,
                pl.value, pl.ts
           from pin_configs pc left join pin_latest pl on pl.com_id = pc.com_id and pl.pin_name = pc.pin_name
          where pc.site_uid = $1 order by pc.com_id, pc.pin_name`,
        [siteUid],
      );
      return rows;
    },
  };
}

export type SiteRepository = ReturnType<typeof createSiteRepository>;
