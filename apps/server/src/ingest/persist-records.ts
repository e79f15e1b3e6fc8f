/**
 * SQL of one ingest batch, append-only records: message id claims, telemetry, events, access and OEM
 * records. Each builder returns the CTEs for its rows (none when there are none) and adds its values
 * through the shared `p`, so the statement's parameters number in the order the builders run
 * (persist.ts writeAll). The upserts of current state are in persist-state.ts.
 */

import { lateDays, lateHours } from '@towerwatch/domain';
import type { SqlParam } from '../db/role-lease.ts';
import type { BatchWrites } from './batch-writes.ts';

/** Adds a parameter value and returns its placeholder with a cast, e.g. `$3::text[]` (db/role-lease.ts). */
export type Param = SqlParam;

const quoted = (s: string): string => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * A one-dimensional PostgreSQL array literal of `items` (null → NULL, everything else quoted), as pg
 * writes an array parameter, except Dates: ISO 8601 in UTC by the native `toISOString`, where pg
 * formats each Date in local time in JavaScript (time-zone offset and seven padded fields) — with
 * ~1,000 latest values and the seen devices per batch, most of the statement's encoding time
 * (docs/decisions/telemetry-typed-parameters.md). An invalid Date is sent as text PostgreSQL
 * refuses (a data error, as before).
 */
export function arrayLiteral(items: readonly unknown[]): string {
  let out = '{';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',';
    const v = items[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'string') out += quoted(v);
    else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') out += `"${v}"`;
    else if (v instanceof Date) out += Number.isNaN(v.getTime()) ? '"invalid date"' : `"${v.toISOString()}"`;
    else throw new TypeError(`arrayLiteral: unsupported element ${typeof v}`);
  }
  return `${out}}`;
}

/** Claims the batch's message ids (`ingest_messages`); a claimed id returns a row. */
export function claimsCtes(
  p: Param,
  claims: readonly { comId: string; msgId: string }[],
  receivedAt: Date,
): string[] {
  const out: string[] = [];
  if (claims.length > 0) {
    out.push(`claims as (
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
  return out;
}

/**
 * Telemetry, one packed row per `pins` message. Every parameter goes as ONE literal string that pg
 * passes on untouched (no per-element array encoding, no Date formatting): device times as epoch
 * seconds, every value of the batch in one flat `float8[]` sliced per row by offset and length, and
 * the batch's distinct pin-name sets (messages of a fleet mostly share one) with each row's set.
 * bench/src/telemetry-write.ts measured it at ~1/5 of the Node CPU of per-row array literals.
 */
export function telemetryCtes(p: Param, w: BatchWrites): string[] {
  const t = w.telemetry;
  if (t.length === 0) return [];
  const setOf = new Map<string, number>();
  const sets: string[] = [];
  const setIds: number[] = [];
  const offsets: number[] = [];
  const lengths: number[] = [];
  let at = 0;
  for (const r of t) {
    const key = r.pinNames.join('\u0000');
    let k = setOf.get(key);
    if (k === undefined) {
      k = sets.length + 1;
      setOf.set(key, k);
      sets.push(arrayLiteral(r.pinNames));
    }
    setIds.push(k);
    offsets.push(at);
    lengths.push(r.values.length);
    at += r.values.length;
  }
  return [
    `tel_sets as (select k, n::text[] as names from unnest(${p(sets, 'text[]')}) with ordinality as x(n, k))`,
    `tel_values as (select ${p(`{${t.map((r) => r.values.join(',')).join(',')}}`, 'float8[]')} as a)`,
    `tel as (
      insert into telemetry (com_id, ts, pin_names, pin_values)
      select u.c, to_timestamp(u.t), s.names, v.a[u.o + 1 : u.o + u.n]
        from unnest(${p(
          t.map((r) => r.comId),
          'text[]',
        )}, ${p(`{${t.map((r) => r.ts.getTime() / 1000).join(',')}}`, 'float8[]')}, ${p(
          `{${offsets.join(',')}}`,
          'int[]',
        )}, ${p(`{${lengths.join(',')}}`, 'int[]')}, ${p(`{${setIds.join(',')}}`, 'int[]')}) as u(c, t, o, n, k)
        join tel_sets s on s.k = u.k cross join tel_values v)`,
  ];
}

/** Event inserts, returning the new rows in the order of `w.events`. */
export function eventCtes(p: Param, w: BatchWrites): string[] {
  const out: string[] = [];
  if (w.events.length > 0) {
    const e = w.events;
    out.push(`ev as (
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
  return out;
}

/** Access records, returning their ids in the order of `w.access`. */
export function accessCtes(p: Param, w: BatchWrites): string[] {
  const out: string[] = [];
  if (w.access.length > 0) {
    const a = w.access;
    out.push(`acc as (
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
      returning id, site_uid, card_number)`);
  }
  return out;
}

/** OEM (rectifier) records. */
export function oemCtes(p: Param, w: BatchWrites): string[] {
  const out: string[] = [];
  if (w.oem.length > 0) {
    const o = w.oem;
    out.push(`oem as (
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
  return out;
}

/**
 * Late data (docs/requirements.md#late-data): the hours of readings and the Asia/Dhaka days of events
 * already over at `now` are marked dirty in the same statement as the rows, so the rollups recompute
 * them. On time rows (the common case) add nothing: no CTE, no parameter.
 */
export function dirtyCtes(p: Param, w: BatchWrites, now: Date): string[] {
  const out: string[] = [];
  const hours = lateHours(
    w.telemetry,
    (r) => r.comId,
    (r) => r.ts.getTime(),
    now.getTime(),
  );
  if (hours.length > 0) {
    out.push(`dirty_hours as (
      insert into telemetry_dirty_hours (com_id, hour)
      select * from unnest(${p(
        hours.map((h) => h.key),
        'text[]',
      )}, ${p(
        hours.map((h) => new Date(h.hour)),
        'timestamptz[]',
      )}) on conflict do nothing)`);
  }
  const days = lateDays(
    w.events,
    (e) => e.siteUid,
    (e) => e.time.getTime(),
    now.getTime(),
  );
  if (days.length > 0) {
    out.push(`dirty_days as (
      insert into site_dirty_days (site_uid, day)
      select * from unnest(${p(
        days.map((d) => d.key),
        'text[]',
      )}, ${p(
        days.map((d) => d.day),
        'date[]',
      )}) on conflict do nothing)`);
  }
  return out;
}
