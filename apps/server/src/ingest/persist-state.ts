/**
 * SQL of one ingest batch, upserts of current state: alarms (and the site-down history they open or
 * close), device liveness, DC load states, latest values. Same builder shape as persist-records.ts.
 */
import type { BatchWrites, Reading } from './batch-writes.ts';
import type { Param } from './persist-records.ts';

/** Alarm upserts, and the site-down history rows the `site_down` alarm opens or closes. */
export function alarmCtes(p: Param, w: BatchWrites): string[] {
  const out: string[] = [];
  if (w.alarms.size > 0) {
    const a = [...w.alarms.values()].sort((x, y) =>
      x.siteUid < y.siteUid ? -1 : x.siteUid > y.siteUid ? 1 : 0,
    );
    out.push(`al as (
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
      out.push(`down_start as (
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
      out.push(`down_end as (
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
  return out;
}

/** Device liveness (online flag, last seen, firmware). */
export function deviceCtes(p: Param, w: BatchWrites): string[] {
  const out: string[] = [];
  if (w.devices.size > 0) {
    const d = [...w.devices.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    out.push(`dev as (
      update devices d set online = u.online,
        last_seen_at = case when u.seen is null then d.last_seen_at
                            else greatest(coalesce(d.last_seen_at, u.seen), u.seen) end,
        firmware = coalesce(u.fw, d.firmware),
        service = coalesce(u.svc, d.service),
        service_at = case when u.svc is null then d.service_at else coalesce(u.seen, d.service_at) end
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
      )}, ${p(
        d.map(([, v]) => (v.service ? JSON.stringify(v.service) : null)),
        'jsonb[]',
      )}) as u(com_id, online, seen, fw, svc)
      where d.com_id = u.com_id)`);
  }
  return out;
}

/** DC load state per site and tenant. */
export function dcLoadCtes(p: Param, w: BatchWrites): string[] {
  const out: string[] = [];
  if (w.dcLoad.size > 0) {
    const d = [...w.dcLoad.values()];
    out.push(`dcl as (
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
  return out;
}

/** Latest values (`pin_latest`), never moving a pin back in time. */
export function latestCtes(p: Param, latest: readonly Reading[]): string[] {
  const out: string[] = [];
  if (latest.length > 0) {
    const l = [...latest].sort((a, b) =>
      a.comId === b.comId ? (a.pinName < b.pinName ? -1 : 1) : a.comId < b.comId ? -1 : 1,
    );
    out.push(`lat as (
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
  return out;
}
