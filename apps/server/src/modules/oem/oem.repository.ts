/**
 * SQL of OEM records (docs/device-protocol.md §7, table oem_records): a site's latest record of a
 * kind, its history over a range, its alarm records for OEM events, the fleet's raw records (scoped by
 * the caller's company) and the BMS figures of the battery bank ranking.
 */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';

/** One stored OEM record. */
export interface OemRow {
  id: number;
  site_uid: string | null;
  com_id: string;
  kind: string;
  time: Date;
  data: Record<string, unknown>;
}

/** A fleet record with its site. */
export interface FleetOemRow extends OemRow {
  site_name: string | null;
  company_id: string | null;
}

export interface FleetFilter {
  companyId?: string;
  siteUid?: string;
  kind?: string;
  from?: Date;
  until?: Date;
  before?: number;
  limit: number;
}

/** Most history points one range returns (31 days of 5-minute records is 8,928). */
export const HISTORY_MAX_POINTS = 10_000;

const COLUMNS = 'o.id::float8 as id, o.site_uid, o.com_id, o.kind, o.time, o.data';
/** `address` of a BMS record as an integer. */
const ADDRESS = "(o.data->>'address')::int";

export function createOemRepository(db: Queryable) {
  return {
    /** The latest record of a kind (a BMS kind: of one battery address). */
    async latest(siteUid: string, kind: string, address?: number): Promise<OemRow | null> {
      const p = sqlParams([siteUid, kind]);
      const byAddress = address === undefined ? '' : `and ${ADDRESS} = ${p.add(address)}`;
      const { rows } = await db.query<OemRow>(
        `select ${COLUMNS} from oem_records o
          where o.site_uid = $1 and o.kind = $2 ${byAddress}
          order by o.id desc limit 1`,
        p.values,
      );
      return rows[0] ?? null;
    },

    /** Records of a kind in [from, until), oldest first. */
    async history(
      siteUid: string,
      kind: string,
      from: Date,
      until: Date,
      address?: number,
    ): Promise<OemRow[]> {
      const p = sqlParams([siteUid, kind, from, until]);
      const byAddress = address === undefined ? '' : `and ${ADDRESS} = ${p.add(address)}`;
      const { rows } = await db.query<OemRow>(
        `select * from (select ${COLUMNS} from oem_records o
            where o.site_uid = $1 and o.kind = $2 and o.time >= $3 and o.time < $4 ${byAddress}
            order by o.time desc limit ${HISTORY_MAX_POINTS}) x order by x.time, x.id`,
        p.values,
      );
      return rows;
    },

    /** Battery addresses with a BMS measurement since `since`, ascending. */
    async addresses(siteUid: string, since: Date): Promise<number[]> {
      const { rows } = await db.query<{ address: number }>(
        `select distinct ${ADDRESS} as address from oem_records o
          where o.site_uid = $1 and o.kind = 'bms_measurement' and o.time >= $2 order by 1`,
        [siteUid, since],
      );
      return rows.map((r) => r.address);
    },

    /** Alarm records (rectifier and BMS) with ids below `before`, newest first. */
    async alarmRecords(siteUid: string, before: number, limit: number): Promise<OemRow[]> {
      const { rows } = await db.query<OemRow>(
        `select ${COLUMNS} from oem_records o
          where o.site_uid = $1 and o.kind in ('rectifier_alarm', 'bms_alarm') and o.id < $2
          order by o.id desc limit $3`,
        [siteUid, before, limit],
      );
      return rows;
    },

    /** The alarm record before `row` of the same source (rectifier, or the same battery address). */
    async previousAlarm(row: OemRow): Promise<OemRow | null> {
      const p = sqlParams([row.site_uid, row.kind, row.id]);
      const byAddress = row.kind === 'bms_alarm' ? `and ${ADDRESS} = ${p.add(Number(row.data.address))}` : '';
      const { rows } = await db.query<OemRow>(
        `select ${COLUMNS} from oem_records o
          where o.site_uid = $1 and o.kind = $2 and o.id < $3 ${byAddress}
          order by o.id desc limit 1`,
        p.values,
      );
      return rows[0] ?? null;
    },

    /** The latest BMS alarm record of every battery address. */
    async latestBmsAlarms(siteUid: string): Promise<OemRow[]> {
      const { rows } = await db.query<OemRow>(
        `select distinct on (${ADDRESS}) ${COLUMNS} from oem_records o
          where o.site_uid = $1 and o.kind = 'bms_alarm' order by ${ADDRESS}, o.id desc`,
        [siteUid],
      );
      return rows;
    },

    /** Raw records of the caller's sites (operators: every company), newest first. */
    async fleet(caller: Caller, f: FleetFilter): Promise<FleetOemRow[]> {
      const p = sqlParams();
      const parts = [siteScope(caller, p, 's')];
      if (f.companyId) parts.push(`s.company_id = ${p.add(f.companyId)}`);
      if (f.siteUid) parts.push(`o.site_uid = ${p.add(f.siteUid)}`);
      if (f.kind) parts.push(`o.kind = ${p.add(f.kind)}`);
      if (f.from) parts.push(`o.time >= ${p.add(f.from)}`);
      if (f.until) parts.push(`o.time < ${p.add(f.until)}`);
      if (f.before) parts.push(`o.id < ${p.add(f.before)}`);
      const { rows } = await db.query<FleetOemRow>(
        `select ${COLUMNS}, s.name as site_name, s.company_id from oem_records o
           join sites s on s.uid = o.site_uid
          where ${parts.join(' and ')} order by o.id desc limit ${p.add(f.limit)}`,
        p.values,
      );
      return rows;
    },

    /**
     * BMS measurements of the given sites since `since`: the latest and the earliest of every
     * (site, address), for the bank ranking.
     */
    async bankEnds(siteUids: string[], since: Date): Promise<{ latest: BankRow[]; earliest: BankRow[] }> {
      if (siteUids.length === 0) return { latest: [], earliest: [] };
      const query = (order: 'asc' | 'desc') =>
        db.query<BankRow>(
          `select distinct on (o.site_uid, ${ADDRESS}) o.site_uid, s.name as site_name, ${ADDRESS} as address,
                  o.time, (o.data->>'soh')::float8 as soh, o.data->'cell_voltages' as cells
             from oem_records o join sites s on s.uid = o.site_uid
            where o.kind = 'bms_measurement' and o.site_uid = any($1::text[]) and o.time >= $2
            order by o.site_uid, ${ADDRESS}, o.time ${order}, o.id ${order}`,
          [siteUids, since],
        );
      const [latest, earliest] = await Promise.all([query('desc'), query('asc')]);
      return { latest: latest.rows, earliest: earliest.rows };
    },
  };
}

/** One battery's BMS figures at one time. */
export interface BankRow {
  site_uid: string;
  site_name: string;
  address: number;
  time: Date;
  soh: number | null;
  cells: number[] | null;
}

export type OemRepository = ReturnType<typeof createOemRepository>;
