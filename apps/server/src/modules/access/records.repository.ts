/**
 * SQL of a site's access records, door events (ACS group), the door's open/close events for the
 * open-hours chart, and the revocation ledger's version entries. Every query is scoped with
 * `siteScope` (a site outside the caller's scope gives no rows; the service answers 404).
 */
import type { AccessRecord } from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import type { EventRow } from '../../kernel/rows/site-rows.ts';
import { siteScope, sqlParams, tenantScope } from '../../kernel/scope/sql-scope.ts';

interface RecordRow {
  id: string;
  site_uid: string;
  com_id: string;
  kind: 'card' | 'remote_unlock';
  card_number: string;
  granted: boolean;
  reason: string | null;
  door: string | null;
  card_id: number | null;
  holder_name: string | null;
  unlocked_by: string | null;
  unlocked_by_name: string | null;
  time: Date;
}

/** The columns of an access record with its card and the unlocking user (`r` = access_records, `s` = sites). */
export const RECORD_SELECT = `r.id, r.site_uid, r.com_id, r.kind, r.card_number, r.granted, r.reason, r.door, r.time,
  r.unlocked_by, c.id as card_id, c.holder_name,
  (select coalesce(nullif(u.name, ''), u.username) from users u where u.uid = r.unlocked_by) as unlocked_by_name
  from access_records r join sites s on s.uid = r.site_uid
  left join access_cards c on c.company_id = s.company_id and c.card_number = r.card_number and r.card_number <> ''`;

export function toAccessRecord(r: RecordRow): AccessRecord {
  return {
    id: Number(r.id),
    siteUid: r.site_uid,
    comId: r.com_id,
    kind: r.kind === 'remote_unlock' ? 'remote_unlock' : 'card',
    cardNumber: r.card_number,
    granted: r.granted,
    reason: r.reason,
    door: r.door,
    cardId: r.card_id,
    holderName: r.holder_name,
    unlockedBy: r.unlocked_by,
    unlockedByName: r.unlocked_by_name,
    time: r.time.toISOString(),
  };
}

export type Via = 'direct' | 'master' | 'card_attachment' | 'group_attachment';

export interface LedgerEntryRow {
  site_uid: string;
  name: string;
  entry: unknown;
  added_version: number;
  removed_version: number | null;
}

export function createRecordsRepository(db: Queryable) {
  return {
    async recordPage(
      caller: Caller,
      siteUid: string,
      before: number,
      limit: number,
    ): Promise<AccessRecord[]> {
      const p = sqlParams();
      const { rows } = await db.query<RecordRow>(
        `select ${RECORD_SELECT}
          where r.site_uid = ${p.add(siteUid)} and r.id < ${p.add(before)} and ${siteScope(caller, p, 's')}
          order by r.id desc limit ${p.add(limit)}`,
        p.values,
      );
      return rows.map(toAccessRecord);
    },

    /** Door and lock events (ACS group) of a site, newest first, visible kinds only. */
    async doorEvents(
      caller: Caller,
      siteUid: string,
      before: number,
      limit: number,
      names: readonly string[] | null,
    ): Promise<EventRow[]> {
      const p = sqlParams();
      const parts = [
        `e.site_uid = ${p.add(siteUid)}`,
        `e.event_group = 'ACS'`,
        `e.id < ${p.add(before)}`,
        siteScope(caller, p, 's'),
        tenantScope(caller, p, 'e.tenant', { eventName: 'e.name' }),
      ];
      if (names) parts.push(`e.name = any(${p.add([...names])}::text[])`);
      const { rows } = await db.query<EventRow>(
        `select e.*, s.name as site_name,
                (select coalesce(nullif(u.name, ''), u.username) from users u where u.uid = e.acknowledged_by)
                  as acknowledged_by_name
           from events e join sites s on s.uid = e.site_uid
          where ${parts.join(' and ')} order by e.id desc limit ${p.add(limit)}`,
        p.values,
      );
      return rows;
    },

    /** door_open / door_close of a site in [from, until), plus the last one before `from`. */
    async doorTransitions(siteUid: string, from: Date, until: Date): Promise<{ name: string; time: Date }[]> {
      const { rows } = await db.query<{ name: string; time: Date }>(
        `(select name, time from events where site_uid = $1 and name in ('door_open', 'door_close') and time < $2
           order by time desc limit 1)
         union all
         (select name, time from events where site_uid = $1 and name in ('door_open', 'door_close')
            and time >= $2 and time < $3 order by time limit 100000)
         order by time`,
        [siteUid, from, until],
      );
      return rows;
    },

    /** How a card reaches each site now (direct, master, its own attachment, a group attachment). */
    async cardReach(cardId: number): Promise<Map<string, Via[]>> {
      const { rows } = await db.query<{ site_uid: string; via: Via }>(
        `with c as (select * from access_cards where id = $1),
              a as (select * from access_attachments where card_id = $1
                      or card_group_id in (select group_id from access_card_group_members where card_id = $1))
         select site_uid, 'direct' as via from access_site_cards where card_id = $1
         union select s.uid, 'master' from sites s join c on c.master and s.company_id = c.company_id
         union select coalesce(a.site_uid, gm.site_uid),
                      case when a.card_id is not null then 'card_attachment' else 'group_attachment' end
                 from a left join access_site_group_members gm on gm.group_id = a.site_group_id
                where coalesce(a.site_uid, gm.site_uid) is not null`,
        [cardId],
      );
      const out = new Map<string, Via[]>();
      for (const r of rows) out.set(r.site_uid, [...(out.get(r.site_uid) ?? []), r.via]);
      return out;
    },

    /** Every version entry of a card number on the company's sites the caller sees. */
    async ledgerEntries(caller: Caller, companyId: string, cardNumber: string): Promise<LedgerEntryRow[]> {
      const p = sqlParams();
      const { rows } = await db.query<LedgerEntryRow>(
        `select e.site_uid, s.name, e.entry, e.added_version, e.removed_version
           from access_list_entries e join sites s on s.uid = e.site_uid
          where e.card_number = ${p.add(cardNumber)} and s.company_id = ${p.add(companyId)}
            and ${siteScope(caller, p, 's')}
          order by e.site_uid, e.id`,
        p.values,
      );
      return rows;
    },
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
