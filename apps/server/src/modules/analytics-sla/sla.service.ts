/**
 * GET /analytics/sla-report: per tenant and Asia/Dhaka month, the availability of the tenant's sites
 * against a target, and the sites below it with their outage minutes by cause (sla-compute.ts). Scoped
 * to the caller's company (operators: every company, or the one `user_uid` names) and allowed tenants.
 * Sites are read in batches: their figures come from the daily outage rollup and raw edges when these
 * settle every outage, from raw events otherwise (docs/requirements.md#sla-rollup), and are summed as
 * they come (createSlaSummary): no fleet's figures are held at once.
 */
import type { SlaBreachRow, SlaReportQuery, SlaReportReply } from '@towerwatch/contract';
import {
  completenessPercent,
  dhakaMonthOf,
  dhakaMonthStartOf,
  monthsBetween,
  nextMonth,
  parseReportTime,
  SLA_EVENT_NAME_LIST,
  SLA_MAX_MONTHS,
  SLA_STATE_LOOKBACK_DAYS,
  type SlaPiece,
  visibleSiteTenants,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { REPORT_SITE_BATCH_DEFAULT } from '../../config.ts';
import { ValidationError } from '../../errors.ts';
import { createRowSpool, type RowSpool } from '../../kernel/http/row-spool.ts';
import { assertTenantsAllowed, ownerFilter, type ScopeLookup } from '../../kernel/scope/site-scope.ts';
import { scopedCompanyId } from '../../kernel/scope/sql-scope.ts';
import type { SlaPiecesReader } from '../analytics/index.ts';
import type { SlaRepository, SlaScope, SlaTransitionRow } from './sla.repository.ts';
import {
  computeSiteSla,
  createSlaSummary,
  minutesOf,
  rolledSiteSla,
  type SlaBreachKey,
  slaBreachOrder,
  type SlaWindow,
} from './sla-compute.ts';

const DAY_MS = 86_400_000;

export interface SlaServiceDeps {
  repo: SlaRepository;
  sites: ScopeLookup;
  clock: Clock;
  /** Sites per batch (default config.ts REPORT_SITE_BATCH_DEFAULT). */
  batchSize?: number;
  /**
   * The daily rollups' per-site figures (modules/analytics outage-read.ts); without it, or before the
   * jobs role's first daily run, every site is computed from raw events.
   */
  pieces?: SlaPiecesReader;
}

/** One site's data completeness over the report (the .xlsx Parameters sheet). */
export interface SlaCompleteness {
  siteUid: string;
  siteName: string;
  gapMinutes: number;
  completenessPct: number;
}

/**
 * The report without its breach rows, which are spooled (kernel/http/row-spool.ts) in the reply's order
 * like the completeness of every site it covers; `close` frees both once the reply is written.
 */
export interface SlaResult {
  report: Omit<SlaReportReply, 'breaches'>;
  breaches: RowSpool<SlaBreachRow, SlaBreachKey>;
  completeness: RowSpool<SlaCompleteness, undefined>;
  close(): Promise<void>;
}

/** What one report is asked for, once the caller's query is resolved. */
export interface SlaRequest {
  scope: SlaScope;
  months: string[];
  target: number;
  tenant?: string;
}

/** The months of a query: `month`, else the months `from_time`..`until_time` touch, else this month. */
export function resolveMonths(
  q: Pick<SlaReportQuery, 'month' | 'from_time' | 'until_time'>,
  now: Date,
): string[] {
  if (q.month) {
    if (q.from_time || q.until_time) {
      throw new ValidationError('query.month', 'query.month: give either month or from_time/until_time');
    }
    return [q.month];
  }
  if (!q.from_time && !q.until_time) return [dhakaMonthOf(now)];
  const until = q.until_time ? new Date(parseReportTime(q.until_time, 'until') ?? now.getTime()) : now;
  const from = q.from_time ? new Date(parseReportTime(q.from_time, 'from') ?? until.getTime()) : until;
  if (from >= until)
    throw new ValidationError('query.from_time', 'query.from_time: must be before until_time');
  const months = monthsBetween(from, until);
  if (months.length > SLA_MAX_MONTHS) {
    throw new ValidationError('query.from_time', `query.from_time: at most ${SLA_MAX_MONTHS} months`);
  }
  return months;
}

export function createSlaService(deps: SlaServiceDeps) {
  /** Reads the sites a batch at a time, sums their figures and spools breach and completeness rows. */
  async function summed(
    req: SlaRequest,
    breaches: SlaResult['breaches'],
    completeness: SlaResult['completeness'],
    close: () => Promise<void>,
  ): Promise<SlaResult> {
    const now = deps.clock.now().getTime();
    const first = req.months[0] ?? dhakaMonthOf(new Date(now));
    const lastMonth = req.months[req.months.length - 1] ?? first;
    const from = dhakaMonthStartOf(first).getTime();
    const until = dhakaMonthStartOf(nextMonth(lastMonth)).getTime();
    // A month reaching into today counts up to now; a future one has no time yet.
    const windows: SlaWindow[] = req.months.map((month) => {
      const start = dhakaMonthStartOf(month).getTime();
      const stop = dhakaMonthStartOf(nextMonth(month)).getTime();
      return { month, from: start, until: Math.max(start, Math.min(stop, now)) };
    });
    const tenants = req.tenant ? req.scope.tenants.filter((t) => t === req.tenant) : [...req.scope.tenants];
    const scope = { ...req.scope, tenants };
    const end = Math.max(from, Math.min(until, now));
    const sites = await deps.repo.sites(scope);
    const summary = createSlaSummary(req.target);
    const elapsed = minutesOf(windows.reduce((n, w) => n + (w.until - w.from), 0));
    const size = deps.batchSize ?? REPORT_SITE_BATCH_DEFAULT;
    const reportWindows = windows.map((w) => ({
      from: new Date(w.from),
      end: new Date(w.until),
      lookback: new Date(w.from - SLA_STATE_LOOKBACK_DAYS * DAY_MS),
    }));
    for (let i = 0; i < sites.length; i += size) {
      const batch = sites.slice(i, i + size);
      // Whole rolled days from the daily outage rollup, raw events for the edges; a site whose
      // outage's cause depends on time outside a piece reads its raw events
      // (docs/decisions/sla-from-daily-rollups.md).
      const pieces = deps.pieces
        ? await deps.pieces(
            batch.map((s) => s.uid),
            tenants,
            reportWindows,
          )
        : null;
      const rolled = new Map<string, Map<string, SlaPiece[]>>();
      for (const site of batch) {
        const own = pieces?.get(site.uid);
        const settled = visibleSiteTenants(site.tenants, tenants).every((t) =>
          own?.get(t)?.every((x) => x !== null && !x.unsettled),
        );
        if (own && settled) rolled.set(site.uid, own as Map<string, SlaPiece[]>);
      }
      const raw = batch.filter((s) => !rolled.has(s.uid)).map((s) => s.uid);
      const rows = raw.length
        ? await deps.repo.transitions(raw, SLA_EVENT_NAME_LIST, new Date(from), new Date(end))
        : [];
      const bySite = new Map<string, SlaTransitionRow[]>();
      for (const r of rows) {
        const list = bySite.get(r.site_uid);
        if (list) list.push(r);
        else bySite.set(r.site_uid, [r]);
      }
      for (const site of batch) {
        const siteTenants = visibleSiteTenants(site.tenants, tenants);
        const fromRollup = rolled.get(site.uid);
        const own = fromRollup
          ? rolledSiteSla(site, siteTenants, fromRollup, windows)
          : computeSiteSla(site, siteTenants, bySite.get(site.uid) ?? [], windows);
        for (const f of own) {
          const breach = summary.add(f);
          if (breach) await breaches.add(breach, breach);
        }
        // The gaps are the site's (a device offline is so for every tenant): one tenant's windows.
        const gap = minutesOf(
          own.filter((f) => f.tenant === siteTenants[0]).reduce((n, f) => n + f.gapMs, 0),
        );
        if (own.length > 0) {
          await completeness.add(
            {
              siteUid: site.generic_site_id ?? site.uid,
              siteName: site.name,
              gapMinutes: gap,
              completenessPct: completenessPercent(gap, elapsed),
            },
            undefined,
          );
        }
      }
    }
    const report: SlaResult['report'] = {
      from: new Date(from).toISOString(),
      until: new Date(until).toISOString(),
      months: req.months,
      target: req.target,
      generatedAt: new Date(now).toISOString(),
      ...summary.result(),
    };
    return { report, breaches, completeness, close };
  }

  const service = {
    /** The report for a resolved request (the HTTP call and the scheduled job). */
    async produce(req: SlaRequest): Promise<SlaResult> {
      const breaches = await createRowSpool<SlaBreachRow, SlaBreachKey>(slaBreachOrder);
      const completeness = await createRowSpool<SlaCompleteness>();
      const close = async () => {
        await breaches.close();
        await completeness.close();
      };
      try {
        return await summed(req, breaches, completeness, close);
      } catch (err) {
        await close();
        throw err;
      }
    },

    async report(caller: Caller, q: SlaReportQuery): Promise<SlaResult> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      const owner = await ownerFilter(deps.sites, caller, q.user_uid);
      const months = resolveMonths(q, deps.clock.now());
      const companyId = owner.companyId ?? scopedCompanyId(caller);
      // A caller without a company who is not an operator sees no site.
      const scope: SlaScope = {
        companyId: companyId === null ? '' : companyId,
        tenants: caller.allowedTenants,
      };
      return service.produce({ scope, months, target: q.target, tenant: q.tenant });
    },
  };
  return service;
}

export type SlaService = ReturnType<typeof createSlaService>;
