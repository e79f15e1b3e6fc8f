/**
 * SQL of device monitoring (docs/requirements.md#device-monitoring): every controller with its
 * liveness, messages accepted in the last hour (the de-duplication claims of ingest), offline
 * transitions in the last 24 hours (device_offline events of its site), refused messages by reason
 * (device_rejections, added up by ingest) and what it reports about itself (service).
 */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';

export interface MonitorRow {
  com_id: string;
  site_uid: string | null;
  site_name: string | null;
  company_id: string | null;
  online: boolean;
  last_seen_at: Date | null;
  messages_last_hour: number;
}

export interface HealthRow extends MonitorRow {
  firmware: string | null;
  model: string | null;
  service: Record<string, unknown> | null;
  service_at: Date | null;
  offline_24h: number;
  rejected: Record<string, number> | null;
  rejected_total: number;
  last_rejected_at: Date | null;
}

export interface MonitorFilter {
  companyId?: string;
  now: Date;
}

const HOUR_MS = 3_600_000;

/** Devices the caller sees: operators every device (also those without a site), others their sites'. */
function where(caller: Caller, p: ReturnType<typeof sqlParams>, f: MonitorFilter): string {
  const parts = caller.isOperator ? ['true'] : [`s.uid is not null and ${siteScope(caller, p, 's')}`];
  if (f.companyId) parts.push(`s.company_id = ${p.add(f.companyId)}`);
  return parts.join(' and ');
}

const RATE_JOIN = (since: string) => `left join (
    select com_id, count(*)::int as n from ingest_messages where received_at >= ${since} group by com_id
  ) m on m.com_id = d.com_id`;

export function createDeviceMonitorRepository(db: Queryable) {
  return {
    async pulse(caller: Caller, f: MonitorFilter): Promise<MonitorRow[]> {
      const p = sqlParams();
      const since = p.add(new Date(f.now.getTime() - HOUR_MS));
      const { rows } = await db.query<MonitorRow>(
        `select d.com_id, d.site_uid, s.name as site_name, s.company_id, d.online, d.last_seen_at,
                coalesce(m.n, 0) as messages_last_hour
           from devices d left join sites s on s.uid = d.site_uid
           ${RATE_JOIN(since)}
          where ${where(caller, p, f)} order by d.com_id`,
        p.values,
      );
      return rows;
    },

    async health(caller: Caller, f: MonitorFilter): Promise<HealthRow[]> {
      const p = sqlParams();
      const since = p.add(new Date(f.now.getTime() - HOUR_MS));
      const day = p.add(new Date(f.now.getTime() - 24 * HOUR_MS));
      const { rows } = await db.query<HealthRow>(
        `select d.com_id, d.site_uid, s.name as site_name, s.company_id, d.online, d.last_seen_at,
                coalesce(m.n, 0) as messages_last_hour, d.firmware, d.model, d.service, d.service_at,
                coalesce(f.n, 0) as offline_24h, r.rejected, coalesce(r.total, 0)::int as rejected_total,
                r.last_at as last_rejected_at
           from devices d left join sites s on s.uid = d.site_uid
           ${RATE_JOIN(since)}
           left join (
             select site_uid, count(*)::int as n from events
              where name = 'device_offline' and active and time >= ${day} group by site_uid
           ) f on f.site_uid = d.site_uid
           left join (
             select com_id, jsonb_object_agg(reason, count) as rejected, sum(count) as total, max(last_at) as last_at
               from device_rejections group by com_id
           ) r on r.com_id = d.com_id
          where ${where(caller, p, f)} order by d.com_id`,
        p.values,
      );
      return rows;
    },
  };
}

export type DeviceMonitorRepository = ReturnType<typeof createDeviceMonitorRepository>;
