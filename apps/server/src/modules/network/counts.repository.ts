/**
 * SQL of the dashboard counts: per alarm id, how many of the caller's sites have it available and
 * raised; offline alarms; site properties; battery voltages. All scoped (company, allowed tenants).
 */
import type { Caller } from '../../auth/caller.ts';
import { type SqlParams, siteScope, sqlParams, tenantScope } from '../../auth/scope.ts';
import type { Queryable } from '../../db/pool.ts';
import { tenantNarrowing } from '../site/tenant-narrowing.ts';

/** Which sites to count: the caller's scope, optionally one company (operators) and one tenant. */
export interface CountScope {
  companyId?: string;
  tenant?: string;
}

export interface AlarmAggRow {
  alarm_id: string;
  /** Sites where the alarm is available. */
  sites: number;
  /** Sites where it is raised (available, not normal, not paused). */
  raised: number;
  /** Paused alarms (disabled and available). */
  paused: number;
}

export interface SiteAggRow {
  total: number;
  rms: number;
  rectifier: number;
  acs: number;
  sarbs: number;
  vertiv: number;
  eltek: number;
  total_door: number;
}

function sitesWhere(caller: Caller, p: SqlParams, scope: CountScope): string {
  const parts = [siteScope(caller, p, 's')];
  if (scope.companyId) parts.push(`s.company_id = ${p.add(scope.companyId)}`);
  if (scope.tenant) parts.push(`${p.add(scope.tenant)} = any(s.tenants)`);
  return parts.join(' and ');
}

const hasPin = (cond: string) =>
  `exists (select 1 from pin_configs pc where pc.site_uid = s.uid and ${cond})`;
const rectifierIs = (v: string) =>
  `(s.rectifier->>'rectifier_type' = '${v}' or s.rectifier->>'rectifier_type_2' = '${v}')`;

export function createCountsRepository(db: Queryable) {
  return {
    async alarmAggregates(caller: Caller, scope: CountScope): Promise<AlarmAggRow[]> {
      const p = sqlParams();
      const where = [sitesWhere(caller, p, scope), tenantScope(caller, p, 'a.tenant', 'a.alarm_id')];
      if (scope.tenant) where.push(tenantNarrowing(p, [scope.tenant], 'a.tenant', 'a.alarm_id'));
      const { rows } = await db.query<AlarmAggRow>(
        `select a.alarm_id,
                count(distinct a.site_uid)::int as sites,
                (count(distinct a.site_uid) filter (where not a.is_normal and not a.is_disable))::int as raised,
                (count(*) filter (where a.is_disable))::int as paused
           from alarms a join sites s on s.uid = a.site_uid
          where a.is_available and ${where.join(' and ')}
          group by a.alarm_id`,
        p.values,
      );
      return rows;
    },

    /** device_online alarms that are offline (available, not normal) with their last change. */
    async offlineAlarms(caller: Caller, scope: CountScope): Promise<{ last_event_at: Date | null }[]> {
      const p = sqlParams();
      const { rows } = await db.query<{ last_event_at: Date | null }>(
        `select a.last_event_at from alarms a join sites s on s.uid = a.site_uid
          where a.alarm_id = 'device_online' and a.is_available and not a.is_normal
            and ${sitesWhere(caller, p, scope)} and ${tenantScope(caller, p, 'a.tenant', 'a.alarm_id')}`,
        p.values,
      );
      return rows;
    },

    async siteAggregates(caller: Caller, scope: CountScope): Promise<SiteAggRow> {
      const p = sqlParams();
      const { rows } = await db.query<SiteAggRow>(
        `select count(*)::int as total,
                (count(*) filter (where ${hasPin('true')} or exists (select 1 from devices d where d.site_uid = s.uid)))::int as rms,
                (count(*) filter (where coalesce(s.rectifier->>'rectifier_type', '') <> ''))::int as rectifier,
                (count(*) filter (where ${hasPin(`pc.type = 'access_control'`)}))::int as acs,
                (count(*) filter (where ${rectifierIs('sarbs')}))::int as sarbs,
                (count(*) filter (where ${rectifierIs('vertiv')}))::int as vertiv,
                (count(*) filter (where ${rectifierIs('eltek')}))::int as eltek,
                (count(*) filter (where ${hasPin(`pc.type = 'access_control' and pc.priority = 'door'`)}))::int as total_door
           from sites s where ${sitesWhere(caller, p, scope)}`,
        p.values,
      );
      const row = rows[0];
      if (!row) throw new Error('site aggregate returned no row');
      return row;
    },

    /** DC load states of the scoped sites (tenant '' = none). */
    async dcLoad(caller: Caller, scope: CountScope): Promise<{ tenant: string; state: string }[]> {
      const p = sqlParams();
      const { rows } = await db.query<{ tenant: string; state: string }>(
        `select l.tenant, l.state from dc_load_state l join sites s on s.uid = l.site_uid
          where ${sitesWhere(caller, p, scope)}`,
        p.values,
      );
      return rows;
    },

    /** Lowest known battery terminal voltage per scoped site, with the site's settings. */
    async batteryVoltages(
      caller: Caller,
      scope: CountScope,
    ): Promise<{ volts: number; settings: Record<string, unknown> }[]> {
      const p = sqlParams();
      const { rows } = await db.query<{ volts: number; settings: Record<string, unknown> }>(
        `select min(pl.value)::float8 as volts, s.settings
           from sites s join pin_configs pc on pc.site_uid = s.uid and pc.type = 'battery_terminal'
           join pin_latest pl on pl.com_id = pc.com_id and pl.pin_name = pc.pin_name
          where pl.value >= 0 and ${sitesWhere(caller, p, scope)}
            and (pc.tenant is null or pc.tenant = any(${p.add(caller.allowedTenants)}::text[]))
            ${scope.tenant ? `and (pc.tenant is null or pc.tenant = ${p.add(scope.tenant)})` : ''}
          group by s.uid, s.settings`,
        p.values,
      );
      return rows;
    },
  };
}

export type CountsRepository = ReturnType<typeof createCountsRepository>;
