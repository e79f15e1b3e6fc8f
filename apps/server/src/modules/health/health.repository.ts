/** SQL of device health: the devices of the caller's sites with their liveness. */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';

export interface DeviceRow {
  com_id: string;
  site_uid: string;
  site_name: string;
  online: boolean;
  last_seen_at: Date | null;
}

export function createHealthRepository(db: Queryable) {
  return {
    async devices(caller: Caller, companyId?: string): Promise<DeviceRow[]> {
      const p = sqlParams();
      const parts = [siteScope(caller, p, 's')];
      if (companyId) parts.push(`s.company_id = ${p.add(companyId)}`);
      const { rows } = await db.query<DeviceRow>(
        `select d.com_id, d.site_uid, s.name as site_name, d.online, d.last_seen_at
           from devices d join sites s on s.uid = d.site_uid
          where ${parts.join(' and ')} order by d.com_id`,
        p.values,
      );
      return rows;
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
