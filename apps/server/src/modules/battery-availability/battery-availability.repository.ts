/** SQL of battery availability: on-battery transitions and down periods of one site. */
import type { Queryable } from '../../db/pool.ts';

export interface TransitionRow {
  tenant: string;
  time: Date;
  active: boolean;
}

export function createBatteryAvailabilityRepository(db: Queryable) {
  return {
    /**
     * battery_power events (alarm site_on_battery) of the site in [from, until) plus, per tenant, the
     * last one before `from` (the state at the start), oldest first.
     */
    async onBatteryTransitions(siteUid: string, from: Date, until: Date): Promise<TransitionRow[]> {
      const { rows } = await db.query<TransitionRow>(
        `(select distinct on (tenant) tenant, time, active from events
           where site_uid = $1 and name = 'battery_power' and time < $2 order by tenant, time desc, id desc)
         union all
         (select tenant, time, active from events
           where site_uid = $1 and name = 'battery_power' and time >= $2 and time < $3)
         order by time`,
        [siteUid, from, until],
      );
      return rows;
    },

    async downPeriods(
      siteUid: string,
      from: Date,
      until: Date,
    ): Promise<{ started_at: Date; ended_at: Date | null }[]> {
      const { rows } = await db.query<{ started_at: Date; ended_at: Date | null }>(
        `select started_at, ended_at from site_down_history
          where site_uid = $1 and started_at < $3 and coalesce(ended_at, 'infinity') > $2`,
        [siteUid, from, until],
      );
      return rows;
    },
  };
}

export type BatteryAvailabilityRepository = ReturnType<typeof createBatteryAvailabilityRepository>;
