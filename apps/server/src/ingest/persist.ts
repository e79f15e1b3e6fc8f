/**
 * Batched writes of one ingest batch (any number of sites), inside the caller's transaction:
 * telemetry (one packed row per message), latest values, alarm upserts, event inserts (returning
 * their ids), device liveness, DC load states, access and OEM records, site-down history.
 * Multi-row statements (unnest) keep one round trip per table, whatever the number of sites; the
 * per-table SQL is in persist-records.ts (append-only) and persist-state.ts (upserts).
 */
import type { Queryable } from '../db/pool.ts';
import { type FenceRows, fenceInStatement } from '../db/role-lease.ts';
import type { BatchWrites, EventRowOut, Reading } from './batch-writes.ts';
import {
  accessCtes,
  arrayLiteral,
  claimsCtes,
  dirtyCtes,
  eventCtes,
  oemCtes,
  telemetryCtes,
} from './persist-records.ts';
import { alarmCtes, dcLoadCtes, deviceCtes, latestCtes } from './persist-state.ts';

/** SQLSTATE of a batch whose message ids were (partly) accepted before (migration 0300_ingest_claims_check). */
export const CLAIMS_CONFLICT = 'TW001';

/** The inserted access records (id order) with the card of their number in the site's company. */
const ACCESS_OUT = `(select coalesce(json_agg(json_build_object('id', acc.id, 'cardId', c.id, 'holderName', c.holder_name)
     order by acc.id), '[]') from acc left join sites s on s.uid = acc.site_uid
     left join access_cards c on c.company_id = s.company_id and c.card_number = acc.card_number)`;

/** Which of these (com_id, msg_id) pairs were accepted before; keys `${comId}/${msgId}`. */
export async function acceptedMessageIds(
  db: Queryable,
  ids: { comId: string; msgId: string }[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ com_id: string; msg_id: string }>(
    `select m.com_id, m.msg_id from ingest_messages m
     join unnest($1::text[], $2::text[]) as u(c, i) on m.com_id = u.c and m.msg_id = u.i`,
    [ids.map((i) => i.comId), ids.map((i) => i.msgId)],
  );
  return new Set(rows.map((r) => `${r.com_id}/${r.msg_id}`));
}

export interface WriteResult {
  /** Inserted events in id order. */
  events: EventRowOut[];
  /** Ids of the inserted access records, in the order of `writes.access`. */
  accessIds: number[];
  /** The company card of each record's number (docs/requirements.md#access-records), same order. */
  accessCards: { cardId: number | null; holderName: string | null }[];
}

/**
 * Writes the whole batch — message id claims, telemetry, alarms, site-down history, events, device
 * liveness, DC load, access and OEM records, latest values, the late rows' dirty hours and days
 * (`receivedAt` is now) — as ONE statement (data-modifying CTEs):
 * atomic on its own and a single round trip, whatever the number of sites and tables. Returns the
 * inserted events (id order), the access record ids (in `w.access` order) and how many ids were claimed.
 */
export async function writeAll(
  db: Queryable,
  w: BatchWrites,
  claims: { comId: string; msgId: string }[],
  receivedAt: Date,
  latest: readonly Reading[],
  /** Abort the statement (SQLSTATE TW001) when an id was accepted before ({@link CLAIMS_CONFLICT}). */
  strictClaims = false,
  /** The writer's lease fence inside the statement: it aborts (SQLSTATE TW002) when a lease row is gone. */
  fence?: FenceRows,
): Promise<WriteResult & { claimed: number }> {
  const values: unknown[] = [];
  // Arrays go as one literal each (persist-records.ts arrayLiteral: Dates without pg's local-time formatting).
  const p = (v: unknown, type: string) => {
    values.push(Array.isArray(v) ? arrayLiteral(v) : v);
    return `$${values.length}::${type}`;
  };
  // The builders run in this order, so the parameters are numbered as before the split.
  const ctes: string[] = [
    ...claimsCtes(p, claims, receivedAt),
    ...telemetryCtes(p, w),
    ...alarmCtes(p, w),
    ...eventCtes(p, w),
    ...deviceCtes(p, w),
    ...dcLoadCtes(p, w),
    ...accessCtes(p, w),
    ...oemCtes(p, w),
    ...latestCtes(p, latest),
    ...dirtyCtes(p, w, receivedAt),
  ];
  if (ctes.length === 0) return { events: [], accessIds: [], accessCards: [], claimed: 0 };
  const fenced = fence ? fenceInStatement(fence, p) : undefined;
  if (fenced) ctes.push(fenced.cte);
  const hasEv = w.events.length > 0;
  const hasAcc = w.access.length > 0;
  const { rows } = await db.query<{
    events: (Omit<EventRowOut, 'time'> & { time: string })[];
    access: { id: number; cardId: number | null; holderName: string | null }[];
    claimed: number;
  }>(
    `with ${ctes.join(',\n')}
     select ${hasEv ? `(select coalesce(json_agg(ev order by ev.id), '[]') from ev)` : `'[]'::json`} as events,
            ${hasAcc ? ACCESS_OUT : `'[]'::json`} as access,
            ${claims.length > 0 ? `(select count(*) from claims)` : '0'}::int as claimed
            ${strictClaims && claims.length > 0 ? `, ingest_claims_check(${p(claims.length, 'int')}, (select count(*) from claims)) as checked` : ''}
            ${fenced ? `, ${fenced.check} as fenced` : ''}`,
    values,
  );
  const row = rows[0];
  return {
    events: (row?.events ?? []).map((e) => ({ ...e, id: Number(e.id), time: new Date(e.time) })),
    accessIds: (row?.access ?? []).map((a) => Number(a.id)),
    accessCards: (row?.access ?? []).map((a) => ({ cardId: a.cardId, holderName: a.holderName })),
    claimed: row?.claimed ?? 0,
  };
}
