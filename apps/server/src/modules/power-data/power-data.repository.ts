/**
 * SQL of one site's power data: its pin configs, the device → site link, event transitions (DG/PG
 * runs, mains, battery) and latest pin values. Site scope is decided by the service (requireSite)
 * before any of these run; series come from the kernel's time-series reader.
 */
import type { Queryable } from '../../db/pool.ts';

export interface PinRow {
  com_id: string;
  pin_name: string;
  type: string;
  tenant: string | null;
}

export interface TransitionRow {
  name: string;
  tenant: string;
  time: Date;
  active: boolean;
  value: number | null;
}

export interface LatestRow {
  com_id: string;
  pin_name: string;
  value: number;
  ts: Date;
}

export function createPowerDataRepository(db: Queryable) {
  return {
    async sitePins(siteUid: string): Promise<PinRow[]> {
      const { rows } = await db.query<PinRow>(
        `select com_id, pin_name, type, tenant from pin_configs where site_uid = $1 order by com_id, pin_name, tenant`,
        [siteUid],
      );
      return rows;
    },

    /** The site of a device (its device row, else a pin config naming it), or null. */
    async siteOfDevice(comId: string): Promise<string | null> {
      const { rows } = await db.query<{ site_uid: string | null }>(
        `select coalesce((select site_uid from devices where com_id = $1),
                         (select site_uid from pin_configs where com_id = $1 limit 1)) as site_uid`,
        [comId],
      );
      return rows[0]?.site_uid ?? null;
    },

    /**
     * Events `names` of the site in [from, until) plus, per name and tenant, the last one before `from`
     * (the state at the start), oldest first.
     */
    async transitions(
      siteUid: string,
      names: readonly string[],
      from: Date,
      until: Date,
    ): Promise<TransitionRow[]> {
      const { rows } = await db.query<TransitionRow>(
        `(select distinct on (name, tenant) name, tenant, time, active,
                  case when jsonb_typeof(value) = 'number' then value::text::float8 end as value from events
           where site_uid = $1 and name = any($2::text[]) and time < $3 order by name, tenant, time desc, id desc)
         union all
         (select name, tenant, time, active,
                  case when jsonb_typeof(value) = 'number' then value::text::float8 end from events
           where site_uid = $1 and name = any($2::text[]) and time >= $3 and time < $4)
         order by time`,
        [siteUid, names, from, until],
      );
      return rows;
    },

    /** Latest values of these pins of one device. */
    async latest(comId: string, pins: readonly string[]): Promise<LatestRow[]> {
      if (pins.length === 0) return [];
      const { rows } = await db.query<LatestRow>(
        `select com_id, pin_name, value, ts from pin_latest where com_id = $1 and pin_name = any($2::text[])`,
        [comId, pins],
      );
      return rows;
    },

    /** True when the alarm is raised now for any tenant of the site. */
    async alarmRaised(siteUid: string, alarmId: string): Promise<boolean> {
      const { rows } = await db.query(
        `select 1 from alarms where site_uid = $1 and alarm_id = $2 and not is_normal and is_available limit 1`,
        [siteUid, alarmId],
      );
      return rows.length > 0;
    },
  };
}

export type PowerDataRepository = ReturnType<typeof createPowerDataRepository>;
