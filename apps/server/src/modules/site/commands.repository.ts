/** SQL of device commands (`commands` table): created pending here, dispatched by the ingest path. */
import type { Queryable } from '../../db/pool.ts';

export interface NewCommand {
  siteUid: string;
  comId: string;
  command: string;
  params: Record<string, unknown>;
  requestedBy: string;
  at: Date;
}

export interface OutputRow {
  com_id: string;
  pin_name: string;
  value: number | null;
  pending: boolean;
}

export function createCommandsRepository(db: Queryable) {
  return {
    /** Inserts a pending command; returns its id. */
    async insert(c: NewCommand): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `insert into commands (site_uid, com_id, command, params, status, requested_by, created_at)
         values ($1, $2, $3, $4, 'pending', $5, $6) returning id`,
        [c.siteUid, c.comId, c.command, JSON.stringify(c.params), c.requestedBy, c.at],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('command insert returned no id');
      return id;
    },

    /** Latest value and open-command flag of the given outputs of a site's devices. */
    async outputs(siteUid: string, comIds: string[], pins: string[]): Promise<OutputRow[]> {
      if (comIds.length === 0) return [];
      const { rows } = await db.query<OutputRow>(
        `select d.com_id, o.pin_name, pl.value,
                exists (select 1 from commands c where c.site_uid = $1 and c.com_id = d.com_id
                          and c.command = 'digital_control' and c.status in ('pending', 'sent')
                          and c.params->>'pin' = o.pin_name) as pending
           from unnest($2::text[]) as d(com_id) cross join unnest($3::text[]) as o(pin_name)
           left join pin_latest pl on pl.com_id = d.com_id and pl.pin_name = o.pin_name
          order by d.com_id, o.pin_name`,
        [siteUid, comIds, pins],
      );
      return rows;
    },

    /** Device of the site's first access pin with this priority (lock or door), if any. */
    async accessDevice(siteUid: string, priority: 'door' | 'lock'): Promise<string | null> {
      const { rows } = await db.query<{ com_id: string }>(
        `select com_id from pin_configs where site_uid = $1 and type = 'access_control' and priority = $2
          order by com_id, pin_name limit 1`,
        [siteUid, priority],
      );
      return rows[0]?.com_id ?? null;
    },
  };
}

export type CommandsRepository = ReturnType<typeof createCommandsRepository>;
