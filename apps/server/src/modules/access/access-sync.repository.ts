/**
 * SQL of the access-list sync (docs/requirements.md#access-sync, docs/requirements.md#effective-access-list):
 * the effective list of sites, the versioned entries the devices were sent, the `access_list`
 * commands of each version and the sync state derived from their statuses.
 */
import type { AccessListEntryMessage, AccessSync } from '@towerwatch/contract';
import { accessSyncState } from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';

/** One card of a site's effective list. */
export interface EffectiveRow {
  site_uid: string;
  card_number: string;
  entry: AccessListEntryMessage;
}

/**
 * The effective list of each site (cards of the site's company: assigned to the site, master, or
 * attached — itself or through a card group — to the site or a site group it is in), sorted.
 */
const EFFECTIVE_SQL = `
  with s as (select uid, company_id from sites where uid = any($1::text[])),
  eff as (
    select sc.site_uid, sc.card_id from access_site_cards sc join s on s.uid = sc.site_uid
    union
    select s.uid, c.id from s join access_cards c on c.company_id = s.company_id and c.master
    union
    select s.uid, coalesce(a.card_id, m.card_id)
      from s join access_attachments a
        on a.company_id = s.company_id
       and (a.site_uid = s.uid
            or a.site_group_id in (select gm.group_id from access_site_group_members gm where gm.site_uid = s.uid))
      left join access_card_group_members m on m.group_id = a.card_group_id
     where coalesce(a.card_id, m.card_id) is not null
  )
  select eff.site_uid, c.card_number,
         json_build_object(
           'card_number', c.card_number,
           'valid_from', to_char(c.valid_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'valid_until', to_char(c.valid_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'blocked', c.blocked,
           'time_windows', c.time_windows) as entry
    from eff join access_cards c on c.id = eff.card_id
   order by eff.site_uid, c.card_number`;

interface SyncRow {
  site_uid: string;
  version: number | null;
  com_id: string | null;
  card_count: number | null;
  error: string | null;
  updated_at: Date | null;
  statuses: ('pending' | 'sent' | 'acked' | 'failed')[];
  command_error: string | null;
  applied_version: number | null;
}

/** Sync states of sites (a site never sent a list is `applied` at version 0: nothing to apply). */
export async function accessSyncStates(db: Queryable, siteUids: readonly string[]): Promise<AccessSync[]> {
  if (siteUids.length === 0) return [];
  const { rows } = await db.query<SyncRow>(
    `select u.site_uid, a.version, a.com_id, a.card_count, a.error, a.updated_at,
            coalesce((select array_agg(c.status) from access_sync_versions v join commands c on c.id = any(v.command_ids)
                       where v.site_uid = u.site_uid and v.version = a.version), '{}') as statuses,
            (select c.error from access_sync_versions v join commands c on c.id = any(v.command_ids)
              where v.site_uid = u.site_uid and v.version = a.version and c.status = 'failed' limit 1) as command_error,
            (select max(v.version) from access_sync_versions v
              where v.site_uid = u.site_uid and cardinality(v.command_ids) > 0
                and not exists (select 1 from commands c where c.id = any(v.command_ids) and c.status <> 'acked'))
              as applied_version
       from unnest($1::text[]) as u(site_uid) left join access_sync a on a.site_uid = u.site_uid`,
    [siteUids],
  );
  return rows.map((r) => {
    const version = r.version ?? 0;
    const state =
      version === 0 ? 'applied' : r.error && r.statuses.length === 0 ? 'failed' : accessSyncState(r.statuses);
    return {
      siteUid: r.site_uid,
      state,
      version,
      appliedVersion: r.applied_version,
      cardCount: r.card_count ?? 0,
      comId: r.com_id,
      error: r.error ?? r.command_error,
      updatedAt: r.updated_at ? r.updated_at.toISOString() : null,
    };
  });
}

/** A new version of one site's list, ready to write. */
export interface NewVersion {
  siteUid: string;
  version: number;
  comId: string | null;
  /** Entries removed or changed since the last version (card numbers). */
  removed: string[];
  /** Entries added or changed. */
  added: EffectiveRow[];
  cardCount: number;
  /** Params of each chunk command (empty when there is no device). */
  chunks: Record<string, unknown>[];
  requestedBy: string;
  at: Date;
}

export function createAccessSyncRepository(db: Queryable) {
  return {
    async effective(siteUids: readonly string[]): Promise<EffectiveRow[]> {
      if (siteUids.length === 0) return [];
      const { rows } = await db.query<EffectiveRow>(EFFECTIVE_SQL, [siteUids]);
      return rows;
    },

    /** The entries of the last version sent to each site. */
    async openEntries(
      siteUids: readonly string[],
    ): Promise<{ site_uid: string; card_number: string; entry: unknown }[]> {
      const { rows } = await db.query<{ site_uid: string; card_number: string; entry: unknown }>(
        `select site_uid, card_number, entry from access_list_entries
          where site_uid = any($1::text[]) and removed_version is null`,
        [siteUids],
      );
      return rows;
    },

    /** Current version and whether it failed or is in flight, per site. */
    async current(
      siteUids: readonly string[],
    ): Promise<Map<string, { version: number; failed: boolean; pending: boolean }>> {
      const states = await accessSyncStates(db, siteUids);
      return new Map(
        states.map((s) => [
          s.siteUid,
          { version: s.version, failed: s.state === 'failed', pending: s.state === 'pending' },
        ]),
      );
    },

    /** The device each site's list goes to: the lock pin's, else the door pin's, else any device. */
    async accessDevices(siteUids: readonly string[]): Promise<Map<string, string | null>> {
      const { rows } = await db.query<{ uid: string; com_id: string | null }>(
        `select s.uid, coalesce(
            (select pc.com_id from pin_configs pc where pc.site_uid = s.uid and pc.type = 'access_control'
              order by (pc.priority = 'lock') desc, (pc.priority = 'door') desc, pc.com_id, pc.pin_name limit 1),
            (select d.com_id from devices d where d.site_uid = s.uid order by d.com_id limit 1)) as com_id
           from sites s where s.uid = any($1::text[])`,
        [siteUids],
      );
      return new Map(rows.map((r) => [r.uid, r.com_id]));
    },

    /** Writes one new version: entries, chunk commands, the version row and the site's sync row. */
    async writeVersion(v: NewVersion): Promise<number[]> {
      if (v.removed.length > 0) {
        await db.query(
          `update access_list_entries set removed_version = $2
            where site_uid = $1 and removed_version is null and card_number = any($3::text[])`,
          [v.siteUid, v.version, v.removed],
        );
      }
      if (v.added.length > 0) {
        await db.query(
          `insert into access_list_entries (site_uid, card_number, entry, added_version)
           select $1, x.card_number, x.entry, $2
             from jsonb_to_recordset($3::jsonb) as x(card_number text, entry jsonb)`,
          [
            v.siteUid,
            v.version,
            JSON.stringify(v.added.map((a) => ({ card_number: a.card_number, entry: a.entry }))),
          ],
        );
      }
      let ids: number[] = [];
      if (v.comId && v.chunks.length > 0) {
        const { rows } = await db.query<{ id: string }>(
          `insert into commands (site_uid, com_id, command, params, status, requested_by, created_at)
           select $1, $2, 'access_list', p, 'pending', $3, $4
             from jsonb_array_elements($5::jsonb) with ordinality as x(p, n) order by n
           returning id`,
          [v.siteUid, v.comId, v.requestedBy, v.at, JSON.stringify(v.chunks)],
        );
        ids = rows.map((r) => Number(r.id));
      }
      await db.query(
        `insert into access_sync_versions (site_uid, version, command_ids, created_at) values ($1, $2, $3, $4)`,
        [v.siteUid, v.version, ids, v.at],
      );
      await db.query(
        `insert into access_sync (site_uid, version, com_id, card_count, error, updated_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (site_uid) do update set version = excluded.version, com_id = excluded.com_id,
           card_count = excluded.card_count, error = excluded.error, updated_at = excluded.updated_at`,
        [v.siteUid, v.version, v.comId, v.cardCount, v.comId ? null : 'no device', v.at],
      );
      return ids;
    },
  };
}
