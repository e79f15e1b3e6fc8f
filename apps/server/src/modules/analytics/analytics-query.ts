/**
 * The per-site query of a report window (analytics.repository.ts gives what to read): the scoped sites
 * (power-data's `scopedSites`), their gaps, the summaries of some events and extra figures. Over raw
 * events for a window without whole rolled days; otherwise the whole rolled days from `site_daily`,
 * the edges from raw events, joined per site (analytics-rolled.ts), and raw for sites without rows yet.
 */
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, sqlParams, tenantScope } from '../../kernel/scope/sql-scope.ts';
import { type FleetFilter, scopedSites } from '../power-data/index.ts';
import { edgeWindow, joinSummaries, planRollup, type RollupPlan, rolledSql } from './analytics-rolled.ts';
import {
  gapsSql,
  islandsSql,
  type ReportWindow,
  SUMMARY_FIELDS,
  summaryColumns,
  summaryOf,
  summarySql,
  type WindowParams,
  windowParams,
} from './analytics-sql.ts';

/** CTEs, columns and joins a report adds to the per-site query. */
export interface Part {
  ctes: string[];
  columns: string[];
  joins: string[];
}

/** What a report reads: event summaries `[x, event name]` and extra figures over the window. */
export interface ReportSpec {
  events: readonly (readonly [string, string])[];
  extras?: (p: SqlParams, w: WindowParams, plan: RollupPlan | null) => Part;
  /** The site's settings (its alarm thresholds) are read: only the reports that use them. */
  settings?: boolean;
}

/**
 * The site columns of a query's rows: an edge's rows only add figures to the rolled query's rows of the
 * same sites, so they carry the uid alone (a fleet's settings parsed three times over weighed ~0.5 GB).
 */
function siteColumns(spec: ReportSpec, edge: boolean): string {
  if (edge) return 'scoped.uid';
  return `scoped.uid, scoped.name, scoped.tenants${spec.settings ? ', scoped.settings' : ''}`;
}

export type Row = Record<string, unknown>;

/** The key of a rolled row's edge rows (absent on rows the raw path answered). */
export const EDGES = 'edges';

/** An edge of a rolled row: its window and its raw row (the summaries of `spec.events`, gap_ms). */
export interface EdgeRow {
  w: ReportWindow;
  row: Row;
}

/** A rolled row's edges before and after its whole days (null: the window has none there). */
export interface RowEdges {
  before: EdgeRow | null;
  after: EdgeRow | null;
}

/** The event-tenant condition: the caller's tenant rule, narrowed to `tenant` when one is chosen. */
export function eventTenants(caller: Caller, p: SqlParams, tenant: string | undefined): string {
  const narrowed = tenant ? { ...caller, allowedTenants: [tenant] } : caller;
  return tenantScope(narrowed, p, 'ev.tenant', { eventName: 'ev.name' });
}

export const merge = (...parts: Part[]): Part => ({
  ctes: parts.flatMap((x) => x.ctes),
  columns: parts.flatMap((x) => x.columns),
  joins: parts.flatMap((x) => x.joins),
});

export function createReportQuery(db: Queryable) {
  /** One query over `win`: events from raw transitions (no plan) or from the plan's rolled days. */
  async function query(
    caller: Caller,
    f: FleetFilter,
    win: ReportWindow,
    spec: ReportSpec,
    plan: RollupPlan | null,
    edge = false,
  ): Promise<Row[]> {
    const p = sqlParams();
    const scoped = scopedSites(caller, p, f);
    const w = windowParams(p, win.from, win.end, win.lookback, win.open);
    const xs = spec.events.map(([x]) => x);
    const events: Part = plan
      ? {
          // The window's instants typed even when the report's extras do not use them all.
          ctes: [`win as (select ${w.from} as f, ${w.end} as e, ${w.lookback} as l)`, rolledSql(p, plan, xs)],
          columns: [
            'coalesce(rolled.days, 0) as days',
            'coalesce(rolled.gap_ms, 0) as gap_ms',
            ...xs.flatMap((x) =>
              SUMMARY_FIELDS.map(
                (c) =>
                  `coalesce(rolled.${x}_${c}, ${c === 'lead' || c === 'open' ? 'false' : '0'}) as ${x}_${c}`,
              ),
            ),
          ],
          joins: ['left join rolled on rolled.site_uid = scoped.uid'],
        }
      : merge(
          {
            ctes: [gapsSql(p, w)],
            columns: ['coalesce(gap_sum.ms, 0) as gap_ms'],
            joins: ['left join gap_sum on gap_sum.site_uid = scoped.uid'],
          },
          ...spec.events.map(([x, name]) => {
            const cond = eventTenants(caller, p, f.tenant);
            return {
              ctes: [islandsSql(x, `${p.add(name)}::text`, w, cond), summarySql(x, w)],
              columns: [summaryColumns(x)],
              joins: [`left join ${x}_sum ${x} on ${x}.site_uid = scoped.uid`],
            };
          }),
        );
    const q = spec.extras ? merge(events, spec.extras(p, w, plan)) : events;
    const { rows } = await db.query<Row>(
      `with scoped as (${scoped}), ${q.ctes.join(',\n')}
       select ${siteColumns(spec, edge)}, ${q.columns.join(', ')}
         from scoped ${q.joins.join(' ')}
        order by scoped.uid`,
      p.values,
    );
    return rows;
  }

  const byUid = (rows: Row[]) => new Map(rows.map((r) => [String(r.uid), r]));

  /** The rows of a report window (see the file comment), one per scoped site, by uid. */
  return async function perSite(caller: Caller, f: FleetFilter, win: ReportWindow, spec: ReportSpec) {
    const plan = await planRollup(db, caller, f, win);
    if (!plan) return query(caller, f, win, spec, null);
    const edge = async (w: ReportWindow | null) =>
      w ? byUid(await query(caller, f, edgeWindow(plan, w), { events: spec.events }, null, true)) : null;
    const [rows, before, after] = await Promise.all([
      query(caller, f, win, spec, plan),
      edge(plan.before),
      edge(plan.after),
    ]);
    const missing = rows.filter((r) => Number(r.days) !== plan.days).map((r) => String(r.uid));
    const raw = missing.length
      ? byUid(await query(caller, { ...f, siteUids: missing }, win, spec, null))
      : null;
    return rows.map((r) => {
      const uid = String(r.uid);
      const own = raw?.get(uid);
      if (own) return own;
      const a = before?.get(uid);
      const b = after?.get(uid);
      const out: Row = { ...r, gap_ms: Number(a?.gap_ms ?? 0) + Number(r.gap_ms) + Number(b?.gap_ms ?? 0) };
      // The edges' own rows, for figures per day (the mains report's daily chart: repository mainsEdges).
      out[EDGES] = {
        before: a && plan.before ? { w: plan.before, row: a } : null,
        after: b && plan.after ? { w: plan.after, row: b } : null,
      };
      for (const [x] of spec.events) {
        const s = joinSummaries([a && summaryOf(a, x), summaryOf(r, x), b && summaryOf(b, x)]);
        Object.assign(out, {
          [`${x}_ms`]: s.ms,
          [`${x}_gap_ms`]: s.gapMs,
          [`${x}_starts`]: s.starts,
          [`${x}_lead`]: s.lead,
          [`${x}_open`]: s.open,
        });
      }
      return out;
    });
  };
}
