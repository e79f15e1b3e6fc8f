/**
 * Batched writes of one ingest batch (any number of sites), inside the caller's transaction:
 * telemetry (one packed row per message), latest values, alarm upserts, event inserts (returning
 * their ids), device liveness, DC load states, access and OEM records, site-down history.
 * Multi-row statements (unnest) keep one round trip per table, whatever the number of sites.
 */
import type { AlarmState } from '../alarms/state.ts';
import type { Queryable } from '../db/pool.ts';

/** The readings of one `pins` message (migration 0300: one telemetry row per message). */
export interface TelemetryRow {
  comId: string;
  ts: Date;
  pinNames: string[];
  values: number[];
}

export interface Reading {
  comId: string;
  pinName: string;
  ts: Date;
  value: number;
}

export interface NewEvent {
  siteUid: string;
  comId: string | null;
  name: string;
  tenant: string;
  time: Date;
  active: boolean;
  value: number | null;
  group: 'RMS' | 'ACS';
  alarmId: string | null;
}

export interface EventRowOut {
  id: number;
  site_uid: string;
  name: string;
  tenant: string;
  time: Date;
  active: boolean;
  value: unknown;
  event_group: 'RMS' | 'ACS';
}

export interface DeviceWrite {
  online: boolean;
  lastSeenAt: Date | null;
  firmware?: string;
}

export interface AccessWrite {
  siteUid: string;
  comId: string;
  cardNumber: string;
  granted: boolean;
  door: string | null;
  reason: string | null;
  time: Date;
}

export interface BatchWrites {
  telemetry: TelemetryRow[];
  /** Values read in this batch (telemetry count). */
  values: number;
  /** Latest value per pin, `${comId}/${pinName}` (only readings that moved the state forward). */
  latest: Map<string, Reading>;
  /** `${siteUid}|${alarmKey}` → the alarm's state to upsert. */
  alarms: Map<string, { siteUid: string; alarm: AlarmState }>;
  events: NewEvent[];
  devices: Map<string, DeviceWrite>;
  /** `${siteUid}|${tenant}` → DC load state. */
  dcLoad: Map<string, { siteUid: string; tenant: string; state: string; current: number; at: Date }>;
  access: AccessWrite[];
  oem: { siteUid: string; comId: string; kind: string; time: Date; data: unknown }[];
}

export function emptyWrites(): BatchWrites {
  return {
    telemetry: [],
    values: 0,
    latest: new Map(),
    alarms: new Map(),
    events: [],
    devices: new Map(),
    dcLoad: new Map(),
    access: [],
    oem: [],
  };
}

/** SQLSTATE of a batch whose message ids were (partly) accepted before (migration 0300_ingest_claims_check). */
export const CLAIMS_CONFLICT = 'TW001';

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
}

/** A PostgreSQL array literal of strings (quoted and escaped), for a `text[]` cast. */
export function textArrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * Writes the whole batch — message id claims, telemetry, alarms, site-down history, events, device
 * liveness, DC load, access and OEM records, latest values — as ONE statement (data-modifying CTEs):
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
): Promise<WriteResult & { claimed: number }> {
  const values: unknown[] = [];
  const p = (v: unknown, type: string) => {
    values.push(v);
    return `$${values.length}::${type}`;
  };
  const ctes: string[] = [];
  if (claims.length > 0) {
    ctes.push(`claims as (
      insert into ingest_messages (com_id, msg_id, received_at)
      select c, m, ${p(receivedAt, 'timestamptz')} from unnest(${p(
        claims.map((c) => c.comId),
        'text[]',
      )}, ${p(
        claims.map((c) => c.msgId),
        'text[]',
      )}) as u(c, m)
      on conflict do nothing returning 1)`);
  }
  if (w.telemetry.length > 0) {
    const t = w.telemetry;
    ctes.push(`tel as (
      insert into telemetry (com_id, ts, pin_names, pin_values)
      select c, ts, pn::text[], pv::float8[] from unnest(${p(
        t.map((r) => r.comId),
        'text[]',
      )}, ${p(
        t.map((r) => r.ts),
        'timestamptz[]',
      )}, ${p(
        t.map((r) => textArrayLiteral(r.pinNames)),
        'text[]',
      )}, ${p(
        t.map((r) => `{${r.values.join(',')}}`),
        'text[]',
      )}) as u(c, ts, pn, pv))`);
  }
  if (w.alarms.size > 0) {
    const a = [...w.alarms.values()].sort((x, y) =>
      x.siteUid < y.siteUid ? -1 : x.siteUid > y.siteUid ? 1 : 0,
    );
    ctes.push(`al as (
      insert into alarms (site_uid, alarm_id, tenant, is_normal, is_available, is_disable, raised_at, cleared_at,
                          last_event_at, acknowledged_by, acknowledged_at, value)
      select * from unnest(${[
        p(
          a.map((x) => x.siteUid),
          'text[]',
        ),
        p(
          a.map((x) => x.alarm.alarmId),
          'text[]',
        ),
        p(
          a.map((x) => x.alarm.tenant),
          'text[]',
        ),
        p(
          a.map((x) => x.alarm.isNormal),
          'bool[]',
        ),
        p(
          a.map((x) => x.alarm.isAvailable),
          'bool[]',
        ),
        p(
          a.map((x) => x.alarm.isDisable),
          'bool[]',
        ),
        p(
          a.map((x) => x.alarm.raisedAt),
          'timestamptz[]',
        ),
        p(
          a.map((x) => x.alarm.clearedAt),
          'timestamptz[]',
        ),
        p(
          a.map((x) => x.alarm.lastEventAt),
          'timestamptz[]',
        ),
        p(
          a.map((x) => x.alarm.acknowledgedBy),
          'text[]',
        ),
        p(
          a.map((x) => x.alarm.acknowledgedAt),
          'timestamptz[]',
        ),
        p(
          a.map((x) => x.alarm.value),
          'float8[]',
        ),
      ].join(', ')})
      on conflict (site_uid, alarm_id, tenant) do update set
        is_normal = excluded.is_normal, is_available = excluded.is_available, is_disable = excluded.is_disable,
        raised_at = excluded.raised_at, cleared_at = excluded.cleared_at, last_event_at = excluded.last_event_at,
        acknowledged_by = excluded.acknowledged_by, acknowledged_at = excluded.acknowledged_at,
        value = excluded.value)`);
    const downs = a.filter((x) => x.alarm.alarmId === 'site_down' && x.alarm.tenant === '');
    const started = downs.filter((x) => !x.alarm.isNormal);
    const ended = downs.filter((x) => x.alarm.isNormal);
    if (started.length > 0) {
      ctes.push(`down_start as (
        insert into site_down_history (site_uid, started_at)
        select * from unnest(${p(
          started.map((x) => x.siteUid),
          'text[]',
        )}, ${p(
          started.map((x) => x.alarm.raisedAt),
          'timestamptz[]',
        )}) on conflict do nothing)`);
    }
    if (ended.length > 0) {
      ctes.push(`down_end as (
        update site_down_history h set ended_at = u.at
        from unnest(${p(
          ended.map((x) => x.siteUid),
          'text[]',
        )}, ${p(
          ended.map((x) => x.alarm.clearedAt),
          'timestamptz[]',
        )}) as u(site_uid, at)
        where h.site_uid = u.site_uid and h.ended_at is null)`);
    }
  }
  if (w.events.length > 0) {
    const e = w.events;
    ctes.push(`ev as (
      insert into events (site_uid, com_id, name, tenant, time, active, value, event_group, alarm_id)
      select s, c, nm, tn, tm, ac, vl, gr, ai from unnest(${[
        p(
          e.map((x) => x.siteUid),
          'text[]',
        ),
        p(
          e.map((x) => x.comId),
          'text[]',
        ),
        p(
          e.map((x) => x.name),
          'text[]',
        ),
        p(
          e.map((x) => x.tenant),
          'text[]',
        ),
        p(
          e.map((x) => x.time),
          'timestamptz[]',
        ),
        p(
          e.map((x) => x.active),
          'bool[]',
        ),
        p(
          e.map((x) => (x.value === null ? null : JSON.stringify(x.value))),
          'jsonb[]',
        ),
        p(
          e.map((x) => x.group),
          'text[]',
        ),
        p(
          e.map((x) => x.alarmId),
          'text[]',
        ),
      ].join(', ')}) with ordinality as u(s, c, nm, tn, tm, ac, vl, gr, ai, n)
      order by n
      returning id, site_uid, name, tenant, time, active, value, event_group)`);
  }
  if (w.devices.size > 0) {
    const d = [...w.devices.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    ctes.push(`dev as (
      update devices d set online = u.online,
        last_seen_at = case when u.seen is null then d.last_seen_at
                            else greatest(coalesce(d.last_seen_at, u.seen), u.seen) end,
        firmware = coalesce(u.fw, d.firmware)
      from unnest(${p(
        d.map(([c]) => c),
        'text[]',
      )}, ${p(
        d.map(([, v]) => v.online),
        'bool[]',
      )}, ${p(
        d.map(([, v]) => v.lastSeenAt),
        'timestamptz[]',
      )}, ${p(
        d.map(([, v]) => v.firmware ?? null),
        'text[]',
      )}) as u(com_id, online, seen, fw)
      where d.com_id = u.com_id)`);
  }
  if (w.dcLoad.size > 0) {
    const d = [...w.dcLoad.values()];
    ctes.push(`dcl as (
      insert into dc_load_state (site_uid, tenant, state, current, updated_at)
      select * from unnest(${p(
        d.map((v) => v.siteUid),
        'text[]',
      )}, ${p(
        d.map((v) => v.tenant),
        'text[]',
      )}, ${p(
        d.map((v) => v.state),
        'text[]',
      )}, ${p(
        d.map((v) => v.current),
        'float8[]',
      )}, ${p(
        d.map((v) => v.at),
        'timestamptz[]',
      )})
      on conflict (site_uid, tenant) do update set state = excluded.state, current = excluded.current,
        updated_at = excluded.updated_at)`);
  }
  if (w.access.length > 0) {
    const a = w.access;
    ctes.push(`acc as (
      insert into access_records (site_uid, com_id, card_number, granted, door, reason, time)
      select s, c, k, g, d, r, t from unnest(${[
        p(
          a.map((x) => x.siteUid),
          'text[]',
        ),
        p(
          a.map((x) => x.comId),
          'text[]',
        ),
        p(
          a.map((x) => x.cardNumber),
          'text[]',
        ),
        p(
          a.map((x) => x.granted),
          'bool[]',
        ),
        p(
          a.map((x) => x.door),
          'text[]',
        ),
        p(
          a.map((x) => x.reason),
          'text[]',
        ),
        p(
          a.map((x) => x.time),
          'timestamptz[]',
        ),
      ].join(', ')}) with ordinality as u(s, c, k, g, d, r, t, n)
      order by n
      returning id)`);
  }
  if (w.oem.length > 0) {
    const o = w.oem;
    ctes.push(`oem as (
      insert into oem_records (site_uid, com_id, kind, time, data)
      select * from unnest(${p(
        o.map((x) => x.siteUid),
        'text[]',
      )}, ${p(
        o.map((x) => x.comId),
        'text[]',
      )}, ${p(
        o.map((x) => x.kind),
        'text[]',
      )}, ${p(
        o.map((x) => x.time),
        'timestamptz[]',
      )}, ${p(
        o.map((x) => JSON.stringify(x.data)),
        'jsonb[]',
      )}))`);
  }
  if (latest.length > 0) {
    const l = [...latest].sort((a, b) =>
      a.comId === b.comId ? (a.pinName < b.pinName ? -1 : 1) : a.comId < b.comId ? -1 : 1,
    );
    ctes.push(`lat as (
      insert into pin_latest (com_id, pin_name, value, ts)
      select * from unnest(${p(
        l.map((r) => r.comId),
        'text[]',
      )}, ${p(
        l.map((r) => r.pinName),
        'text[]',
      )}, ${p(
        l.map((r) => r.value),
        'float8[]',
      )}, ${p(
        l.map((r) => r.ts),
        'timestamptz[]',
      )})
      on conflict (com_id, pin_name) do update set value = excluded.value, ts = excluded.ts
      where pin_latest.ts <= excluded.ts)`);
  }
  if (ctes.length === 0) return { events: [], accessIds: [], claimed: 0 };
  const hasEv = w.events.length > 0;
  const hasAcc = w.access.length > 0;
  const { rows } = await db.query<{
    events: (Omit<EventRowOut, 'time'> & { time: string })[];
    access: number[];
    claimed: number;
  }>(
    `with ${ctes.join(',\n')}
     select ${hasEv ? `(select coalesce(json_agg(ev order by ev.id), '[]') from ev)` : `'[]'::json`} as events,
            ${hasAcc ? `(select coalesce(json_agg(acc.id order by acc.id), '[]') from acc)` : `'[]'::json`} as access,
            ${claims.length > 0 ? `(select count(*) from claims)` : '0'}::int as claimed
            ${strictClaims && claims.length > 0 ? `, ingest_claims_check(${p(claims.length, 'int')}, (select count(*) from claims)) as checked` : ''}`,
    values,
  );
  const row = rows[0];
  return {
    events: (row?.events ?? []).map((e) => ({ ...e, id: Number(e.id), time: new Date(e.time) })),
    accessIds: (row?.access ?? []).map(Number),
    claimed: row?.claimed ?? 0,
  };
}
