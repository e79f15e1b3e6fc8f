/** SQL of the legacy-tab exports: latest readings per site (and tenant) of the caller's sites. */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, siteScope, sqlParams, tenantScope } from '../../kernel/scope/sql-scope.ts';

export interface ExportScope {
  companyId?: string;
  /** Allowed tenants to include (one when the caller chose a tenant). */
  tenants: string[];
}

export interface EnergyRow {
  uid: string;
  name: string;
  tenant: string;
  current: number;
  state: string;
  volts: number | null;
}
export interface ClimateRow {
  uid: string;
  name: string;
  temperature: number | null;
  humidity: number | null;
  updated: Date | null;
}
export interface VoltageRow {
  uid: string;
  name: string;
  tenant: string;
  volts: number;
  updated: Date;
}
export interface AlarmExportRow {
  uid: string;
  name: string;
  company_code: string | null;
  alarm_id: string;
  tenant: string;
  since: Date;
}

function sitesWhere(caller: Caller, p: SqlParams, scope: ExportScope): string {
  const parts = [siteScope(caller, p, 's')];
  if (scope.companyId) parts.push(`s.company_id = ${p.add(scope.companyId)}`);
  return parts.join(' and ');
}

const latest = (type: string) => `(select pl.value from pin_configs pc join pin_latest pl
    on pl.com_id = pc.com_id and pl.pin_name = pc.pin_name
  where pc.site_uid = s.uid and pc.type = '${type}' order by pl.ts desc limit 1)`;

export function createExportRepository(db: Queryable) {
  return {
    async energy(caller: Caller, scope: ExportScope): Promise<EnergyRow[]> {
      const p = sqlParams();
      const { rows } = await db.query<EnergyRow>(
        `select s.uid, s.name, l.tenant, l.current, l.state,
                (select min(pl.value) from pin_configs pc join pin_latest pl
                   on pl.com_id = pc.com_id and pl.pin_name = pc.pin_name
                  where pc.site_uid = s.uid and pc.type = 'battery_terminal' and pl.value >= 0
                    and (pc.tenant is null or pc.tenant = l.tenant))::float8 as volts
           from dc_load_state l join sites s on s.uid = l.site_uid
          where ${sitesWhere(caller, p, scope)} and l.tenant = any(${p.add(scope.tenants)}::text[])
          order by s.uid, l.tenant`,
        p.values,
      );
      return rows;
    },

    async climate(caller: Caller, scope: ExportScope): Promise<ClimateRow[]> {
      const p = sqlParams();
      const { rows } = await db.query<ClimateRow>(
        `select s.uid, s.name, ${latest('temperature')} as temperature, ${latest('humidity')} as humidity,
                (select max(pl.ts) from pin_configs pc join pin_latest pl
                   on pl.com_id = pc.com_id and pl.pin_name = pc.pin_name
                  where pc.site_uid = s.uid and pc.type in ('temperature', 'humidity')) as updated
           from sites s where ${sitesWhere(caller, p, scope)}
            and exists (select 1 from pin_configs pc join pin_latest pl on pl.com_id = pc.com_id and pl.pin_name = pc.pin_name
                         where pc.site_uid = s.uid and pc.type in ('temperature', 'humidity') and pl.value is not null)
          order by s.uid`,
        p.values,
      );
      return rows;
    },

    async voltage(caller: Caller, scope: ExportScope): Promise<VoltageRow[]> {
      const p = sqlParams();
      const { rows } = await db.query<VoltageRow>(
        `select s.uid, s.name, coalesce(pc.tenant, '') as tenant, pl.value as volts, pl.ts as updated
           from sites s join pin_configs pc on pc.site_uid = s.uid and pc.type = 'battery_terminal'
           join pin_latest pl on pl.com_id = pc.com_id and pl.pin_name = pc.pin_name
          where ${sitesWhere(caller, p, scope)} and pl.value >= 0
            and (pc.tenant is null or pc.tenant = any(${p.add(scope.tenants)}::text[]))
          order by s.uid, pc.tenant`,
        p.values,
      );
      return rows;
    },

    async alarms(caller: Caller, scope: ExportScope): Promise<AlarmExportRow[]> {
      const p = sqlParams();
      const { rows } = await db.query<AlarmExportRow>(
        `select s.uid, s.name, c.code as company_code, a.alarm_id, a.tenant,
                coalesce(a.raised_at, a.last_event_at) as since
           from alarms a join sites s on s.uid = a.site_uid join companies c on c.id = s.company_id
          where not a.is_normal and a.is_available and not a.is_disable
            and coalesce(a.raised_at, a.last_event_at) is not null
            and ${sitesWhere(caller, p, scope)} and ${tenantScope(caller, p, 'a.tenant', { alarmId: 'a.alarm_id' })}
            and (a.tenant = '' or a.tenant = any(${p.add(scope.tenants)}::text[]))
          order by since desc, s.uid`,
        p.values,
      );
      return rows;
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
