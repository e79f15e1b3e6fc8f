/**
 * Raw facts of sites over [from, end), read the same way for one site (the availability calls) and a
 * batch of sites (the jobs role's daily rollup): an event's transitions per event tenant with the
 * state at `from`, the data gaps (docs/requirements.md#down-offline-rule) and the down periods.
 */
import {
  GAP_EVENT,
  type Interval,
  periodsFromTransitions,
  type StateTransition,
  union,
} from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';
import { firstRecordSql } from '../time-series/first-record.ts';

/** Per event tenant: its last transition before `from` (if any), then those in [from, end), oldest first. */
export type TenantTransitions = Map<string, StateTransition[]>;

/**
 * `name`'s transitions of each site in `uids`. The state at `from` is each tenant's last transition
 * before it, however old: the site's tenants of that event are skipped through in the index
 * (events_site_name_tenant_time_idx), one descent per tenant, not a scan of the site's history.
 * Both parts go site by site: a batch is a few hundred sites of a day holding the whole fleet's events.
 */
export async function stateTransitions(
  db: Queryable,
  uids: readonly string[],
  name: string,
  from: number,
  end: number,
): Promise<Map<string, TenantTransitions>> {
  const out = new Map<string, TenantTransitions>(uids.map((u) => [u, new Map()]));
  if (uids.length === 0) return out;
  const { rows } = await db.query<{ site_uid: string; tenant: string; time: Date; active: boolean }>(
    `select s.uid as site_uid, b.tenant, b.time, b.active, b.id from unnest($1::text[]) s(uid)
       cross join lateral (
         with recursive ten(tenant) as (
           (select e.tenant from events e where e.site_uid = s.uid and e.name = $2 order by e.tenant limit 1)
           union all
           select (select e.tenant from events e
                    where e.site_uid = s.uid and e.name = $2 and e.tenant > ten.tenant order by e.tenant limit 1)
             from ten where ten.tenant is not null)
         select l.tenant, l.time, l.active, l.id from ten cross join lateral (
           select e.tenant, e.time, e.active, e.id from events e
            where e.site_uid = s.uid and e.name = $2 and e.tenant = ten.tenant and e.time < $3
            order by e.time desc, e.id desc limit 1) l) b
     union all
     select s.uid, e.tenant, e.time, e.active, e.id from unnest($1::text[]) s(uid)
       join events e on e.site_uid = s.uid and e.name = $2 and e.time >= $3 and e.time < $4
     order by 1, 3, 5`,
    [uids, name, new Date(from), new Date(end)],
  );
  for (const r of rows) {
    const site = out.get(r.site_uid) as TenantTransitions;
    const list = site.get(r.tenant) ?? [];
    list.push({ at: r.time.getTime(), active: r.active });
    site.set(r.tenant, list);
  }
  return out;
}

/** The state at `from` and the transitions in [from, until) of one tenant's list. */
export function transitionsIn(list: readonly StateTransition[], from: number, until: number) {
  let initiallyOn = false;
  const within: StateTransition[] = [];
  for (const t of list) {
    if (t.at < from) initiallyOn = t.active;
    else if (t.at < until) within.push(t);
  }
  return { initiallyOn, within };
}

/** The periods of one tenant's list over [from, until). */
export function periodsIn(list: readonly StateTransition[], from: number, until: number): Interval[] {
  const { initiallyOn, within } = transitionsIn(list, from, until);
  return periodsFromTransitions(initiallyOn, within, from, until);
}

/**
 * The data gaps of each site over [from, end): its device-offline periods (any tenant: a gap is the
 * site's) and the time before its first record (kernel/time-series firstRecordSql).
 */
export async function sitesGaps(
  db: Queryable,
  uids: readonly string[],
  from: number,
  end: number,
): Promise<Map<string, Interval[]>> {
  const out = new Map<string, Interval[]>(uids.map((u) => [u, []]));
  if (end <= from || uids.length === 0) return out;
  const offline = await stateTransitions(db, uids, GAP_EVENT, from, end);
  const firsts = await db.query<{ uid: string; first: Date | null }>(
    `select s.uid, ${firstRecordSql('s')} as first from sites s where s.uid = any($1::text[])`,
    [uids],
  );
  for (const r of firsts.rows) {
    const first = r.first?.getTime();
    if (first !== undefined && first > from) out.get(r.uid)?.push([from, Math.min(first, end)]);
  }
  for (const [uid, byTenant] of offline) {
    const list = out.get(uid) as Interval[];
    for (const t of byTenant.values()) list.push(...periodsIn(t, from, end));
    out.set(uid, union(list));
  }
  return out;
}

/** Each site's down periods (site_down_history) overlapping [from, end), a running one ending at `end`. */
export async function sitesDownPeriods(
  db: Queryable,
  uids: readonly string[],
  from: number,
  end: number,
): Promise<Map<string, Interval[]>> {
  const out = new Map<string, Interval[]>(uids.map((u) => [u, []]));
  if (uids.length === 0) return out;
  const { rows } = await db.query<{ site_uid: string; started_at: Date; ended_at: Date | null }>(
    `select site_uid, started_at, ended_at from site_down_history
      where site_uid = any($1::text[]) and started_at < $3 and coalesce(ended_at, 'infinity') > $2`,
    [uids, new Date(from), new Date(end)],
  );
  for (const r of rows) out.get(r.site_uid)?.push([r.started_at.getTime(), r.ended_at?.getTime() ?? end]);
  return out;
}
