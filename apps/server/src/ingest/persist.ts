/**
 * Batched writes of one site batch, inside the caller's transaction: telemetry and latest values,
 * alarm upserts, event inserts (returning their ids), device liveness, DC load states, access and
 * OEM records, site-down history. Multi-row statements (unnest) keep one round trip per table.
 */
import type { AlarmState } from '../alarms/state.ts';
import type { Queryable } from '../db/pool.ts';

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

export interface BatchWrites {
  siteUid: string;
  readings: Reading[];
  /** Latest value per pin (only readings that moved the state forward). */
  latest: Map<string, Reading>;
  alarms: Map<string, AlarmState>;
  events: NewEvent[];
  devices: Map<string, { online: boolean; lastSeenAt: Date | null; firmware?: string }>;
  dcLoad: Map<string, { state: string; current: number; at: Date }>;
  access: {
    comId: string;
    cardNumber: string;
    granted: boolean;
    door: string | null;
    reason: string | null;
    time: Date;
  }[];
  oem: { comId: string; kind: string; time: Date; data: unknown }[];
}

export function emptyWrites(siteUid: string): BatchWrites {
  return {
    siteUid,
    readings: [],
    latest: new Map(),
    alarms: new Map(),
    events: [],
    devices: new Map(),
    dcLoad: new Map(),
    access: [],
    oem: [],
  };
}

/** Inserts (com_id, msg_id) pairs; returns the keys `${comId}/${msgId}` that were new. */
export async function claimMessageIds(
  db: Queryable,
  ids: { comId: string; msgId: string }[],
  at: Date,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ com_id: string; msg_id: string }>(
    `insert into ingest_messages (com_id, msg_id, received_at)
     select c, m, $3 from unnest($1::text[], $2::text[]) as u(c, m)
     on conflict do nothing returning com_id, msg_id`,
    [ids.map((i) => i.comId), ids.map((i) => i.msgId), at],
  );
  return new Set(rows.map((r) => `${r.com_id}/${r.msg_id}`));
}

export interface WriteResult {
  events: EventRowOut[];
  accessIds: number[];
}

/** Writes everything of the batch; returns inserted event rows and access record ids. */
export async function writeBatch(db: Queryable, w: BatchWrites): Promise<WriteResult> {
  if (w.readings.length > 0) {
    await db.query(
      `insert into telemetry (com_id, pin_name, ts, value)
       select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::float8[])
       on conflict do nothing`,
      [
        w.readings.map((r) => r.comId),
        w.readings.map((r) => r.pinName),
        w.readings.map((r) => r.ts),
        w.readings.map((r) => r.value),
      ],
    );
  }
  if (w.latest.size > 0) {
    const l = [...w.latest.values()];
    await db.query(
      `insert into pin_latest (com_id, pin_name, value, ts)
       select * from unnest($1::text[], $2::text[], $3::float8[], $4::timestamptz[])
       on conflict (com_id, pin_name) do update set value = excluded.value, ts = excluded.ts
       where pin_latest.ts <= excluded.ts`,
      [l.map((r) => r.comId), l.map((r) => r.pinName), l.map((r) => r.value), l.map((r) => r.ts)],
    );
  }
  if (w.alarms.size > 0) {
    const a = [...w.alarms.values()];
    await db.query(
      `insert into alarms (site_uid, alarm_id, tenant, is_normal, is_available, is_disable, raised_at, cleared_at,
                           last_event_at, acknowledged_by, acknowledged_at, value)
       select $1, * from unnest($2::text[], $3::text[], $4::bool[], $5::bool[], $6::bool[], $7::timestamptz[],
                                $8::timestamptz[], $9::timestamptz[], $10::text[], $11::timestamptz[], $12::float8[])
       on conflict (site_uid, alarm_id, tenant) do update set
         is_normal = excluded.is_normal, is_available = excluded.is_available, is_disable = excluded.is_disable,
         raised_at = excluded.raised_at, cleared_at = excluded.cleared_at, last_event_at = excluded.last_event_at,
         acknowledged_by = excluded.acknowledged_by, acknowledged_at = excluded.acknowledged_at,
         value = excluded.value`,
      [
        w.siteUid,
        a.map((x) => x.alarmId),
        a.map((x) => x.tenant),
        a.map((x) => x.isNormal),
        a.map((x) => x.isAvailable),
        a.map((x) => x.isDisable),
        a.map((x) => x.raisedAt),
        a.map((x) => x.clearedAt),
        a.map((x) => x.lastEventAt),
        a.map((x) => x.acknowledgedBy),
        a.map((x) => x.acknowledgedAt),
        a.map((x) => x.value),
      ],
    );
    const down = w.alarms.get('site_down|');
    if (down) {
      if (!down.isNormal) {
        await db.query(
          `insert into site_down_history (site_uid, started_at) values ($1, $2) on conflict do nothing`,
          [w.siteUid, down.raisedAt],
        );
      } else {
        await db.query(
          `update site_down_history set ended_at = $2 where site_uid = $1 and ended_at is null`,
          [w.siteUid, down.clearedAt],
        );
      }
    }
  }
  let events: EventRowOut[] = [];
  if (w.events.length > 0) {
    const e = w.events;
    const res = await db.query<EventRowOut>(
      `insert into events (site_uid, com_id, name, tenant, time, active, value, event_group, alarm_id)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::bool[],
                            $7::jsonb[], $8::text[], $9::text[])
       returning id, site_uid, name, tenant, time, active, value, event_group`,
      [
        e.map((x) => x.siteUid),
        e.map((x) => x.comId),
        e.map((x) => x.name),
        e.map((x) => x.tenant),
        e.map((x) => x.time),
        e.map((x) => x.active),
        e.map((x) => (x.value === null ? null : JSON.stringify(x.value))),
        e.map((x) => x.group),
        e.map((x) => x.alarmId),
      ],
    );
    events = res.rows.sort((a, b) => a.id - b.id);
  }
  for (const [comId, d] of w.devices) {
    await db.query(
      `update devices set online = $2,
         last_seen_at = case when $3::timestamptz is null then last_seen_at
                             else greatest(coalesce(last_seen_at, $3::timestamptz), $3::timestamptz) end,
         firmware = coalesce($4, firmware)
       where com_id = $1`,
      [comId, d.online, d.lastSeenAt, d.firmware ?? null],
    );
  }
  if (w.dcLoad.size > 0) {
    const d = [...w.dcLoad.entries()];
    await db.query(
      `insert into dc_load_state (site_uid, tenant, state, current, updated_at)
       select $1, * from unnest($2::text[], $3::text[], $4::float8[], $5::timestamptz[])
       on conflict (site_uid, tenant) do update set state = excluded.state, current = excluded.current,
         updated_at = excluded.updated_at`,
      [
        w.siteUid,
        d.map(([t]) => t),
        d.map(([, v]) => v.state),
        d.map(([, v]) => v.current),
        d.map(([, v]) => v.at),
      ],
    );
  }
  let accessIds: number[] = [];
  if (w.access.length > 0) {
    const a = w.access;
    const res = await db.query<{ id: number }>(
      `insert into access_records (site_uid, com_id, card_number, granted, door, reason, time)
       select $1, * from unnest($2::text[], $3::text[], $4::bool[], $5::text[], $6::text[], $7::timestamptz[])
       returning id`,
      [
        w.siteUid,
        a.map((x) => x.comId),
        a.map((x) => x.cardNumber),
        a.map((x) => x.granted),
        a.map((x) => x.door),
        a.map((x) => x.reason),
        a.map((x) => x.time),
      ],
    );
    accessIds = res.rows.map((r) => r.id).sort((x, y) => x - y);
  }
  if (w.oem.length > 0) {
    const o = w.oem;
    await db.query(
      `insert into oem_records (site_uid, com_id, kind, time, data)
       select $1, * from unnest($2::text[], $3::text[], $4::timestamptz[], $5::jsonb[])`,
      [
        w.siteUid,
        o.map((x) => x.comId),
        o.map((x) => x.kind),
        o.map((x) => x.time),
        o.map((x) => JSON.stringify(x.data)),
      ],
    );
  }
  return { events, accessIds };
}
