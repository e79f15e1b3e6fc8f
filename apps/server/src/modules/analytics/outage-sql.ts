/**
 * The site-down periods of one tenant over one piece of a window (an Asia/Dhaka day of the daily
 * outage rollup, or a raw edge of a report), with the facts their cause is read from — one SQL for both
 * (docs/decisions/sla-from-daily-rollups.md). Per site holding the tenant: the gap (device offline,
 * before the first record), and per down period (the tenant's rows, united, by the domain's
 * countsForTenant rule) its ms and ms inside gaps, whether it runs in at the piece's start (`lead`) or
 * out at its end (`open`), whether mains failed during it, whether a mains period overlapping it runs in
 * at the start (its cause then depends on time before the piece), a DG failure since the mains failure,
 * a battery period begun before it (domain OutageFacts, outageCause).
 */
import { SLA_EVENT_NAME_LIST, SLA_EVENT_NAMES } from '@towerwatch/domain';
import { type SqlParams, tenantScopeOf } from '../../kernel/scope/sql-scope.ts';
import { dayEndStartsSql, gapsSql, islandsSql, msOf, type WindowParams } from './analytics-sql.ts';

/** One row per site and down period (`ms` null: a site without one), see the file comment. */
export interface OutageRow {
  uid: string;
  site_gap_ms: number;
  ms: number | null;
  gap_ms: number | null;
  lead: boolean | null;
  open: boolean | null;
  mains_failed: boolean | null;
  mains_lead: boolean | null;
  dg_failed: boolean | null;
  on_battery: boolean | null;
}

/** Islands of several event names (each name's own state), as one `${x}_isl` of possibly overlapping periods. */
function unitedIslands(p: SqlParams, x: string, names: readonly string[], w: WindowParams, cond: string) {
  const parts = names.map((n, i) => islandsSql(`${x}${i}`, `${p.add(n)}::text`, w, cond));
  const all = names.map((_, i) => `select site_uid, s, e from ${x}${i}_isl`).join(' union all ');
  return `${parts.join(',\n')}, ${x}_isl as (${all})`;
}

/**
 * The SELECT of {@link OutageRow}s of the sites holding `tenant` (only `sites` when given) over `w`;
 * with `endsDay` (a rolled day ending at `w.from`) its states at the start from `site_day_ends`.
 */
export function outageSelect(
  p: SqlParams,
  win: WindowParams,
  tenant: string,
  sites?: readonly string[],
  endsDay?: string,
): string {
  const only = sites ? `and s.uid = any(${p.add([...sites])}::text[])` : '';
  // From a rolled day's end states (`endsDay`, the day before the window's start): no descents.
  const starts = endsDay
    ? `edge_starts as materialized (${dayEndStartsSql(`${p.add(endsDay)}::date`, `${p.add([...SLA_EVENT_NAME_LIST])}::text[]`, win.lookback, win.from)}),`
    : '';
  const w: WindowParams = endsDay ? { ...win, starts: 'edge_starts' } : win;
  const t = `${p.add(tenant)}::text`;
  // A tenant-less site_down is the site's, for every tenant (docs/requirements.md#down-offline-rule).
  const downCond = `(ev.tenant = '' or ev.tenant = ${t})`;
  const cond = tenantScopeOf([tenant], p, 'ev.tenant', { eventName: 'ev.name' });
  return `with scoped as (select s.uid, s.tenants, s.created_at from sites s where ${t} = any(s.tenants) ${only}),
    ${starts}
    ${gapsSql(p, w)},
    ${islandsSql('down', `${p.add(SLA_EVENT_NAMES.down)}::text`, w, downCond)},
    ${islandsSql('mains', `${p.add(SLA_EVENT_NAMES.mains)}::text`, w, cond)},
    ${unitedIslands(p, 'dgf', SLA_EVENT_NAMES.dgFailure, w, cond)},
    ${unitedIslands(p, 'bat', SLA_EVENT_NAMES.battery, w, cond)},
    om as (
      select d.site_uid, d.s as a, min(mi.s) as since, bool_or(mi.s <= ${w.from}) as lead
        from down_isl d join mains_isl mi on mi.site_uid = d.site_uid and mi.s < d.e and mi.e > d.s
       group by d.site_uid, d.s),
    o as (
      select d.site_uid, d.s as a, d.e as b, d.s <= ${w.from} as lead, d.e >= ${w.end} as open,
             om.site_uid is not null as mains_failed, coalesce(om.lead, false) as mains_lead,
             least(d.s, coalesce(om.since, d.s)) as since
        from down_isl d left join om on om.site_uid = d.site_uid and om.a = d.s),
    o_dg as (
      select distinct o.site_uid, o.a from o
        join dgf_isl g on g.site_uid = o.site_uid and g.s < o.b and g.e > o.since),
    o_bat as (
      select distinct o.site_uid, o.a from o
        join bat_isl x on x.site_uid = o.site_uid and x.s < o.a and x.e >= o.since),
    o_gap as (
      select o.site_uid, o.a, sum(${msOf('least(o.b, g.e) - greatest(o.a, g.s)')}) as gap_ms from o
        join gap_isl g on g.site_uid = o.site_uid and g.s < o.b and g.e > o.a group by o.site_uid, o.a),
    f as (
      select o.site_uid, o.lead, o.open, o.mains_failed, o.mains_lead,
             o_dg.a is not null as dg_failed, o_bat.a is not null as on_battery,
             ${msOf('o.b - o.a')} as ms, coalesce(o_gap.gap_ms, 0) as gap_ms
        from o
        left join o_dg on o_dg.site_uid = o.site_uid and o_dg.a = o.a
        left join o_bat on o_bat.site_uid = o.site_uid and o_bat.a = o.a
        left join o_gap on o_gap.site_uid = o.site_uid and o_gap.a = o.a)
    select scoped.uid, coalesce(gap_sum.ms, 0) as site_gap_ms, f.ms, f.gap_ms, f.lead, f.open,
           f.mains_failed, f.mains_lead, f.dg_failed, f.on_battery
      from scoped left join gap_sum on gap_sum.site_uid = scoped.uid left join f on f.site_uid = scoped.uid`;
}
