/**
 * GET /analytics/sla-report: per tenant and Asia/Dhaka month, the availability of the tenant's sites
 * against a target, and the sites below it with their outage minutes by cause (sla-compute.ts). Scoped
 * to the caller's company (operators: every company, or the one `user_uid` names) and allowed tenants.
 */
import type { SlaReportQuery, SlaReportReply } from '@towerwatch/contract';
import {
  dhakaMonthOf,
  dhakaMonthStartOf,
  monthsBetween,
  nextMonth,
  SLA_MAX_MONTHS,
  visibleSiteTenants,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ValidationError } from '../../errors.ts';
import { assertTenantsAllowed, ownerFilter, type ScopeLookup } from '../../kernel/scope/site-scope.ts';
import { scopedCompanyId } from '../../kernel/scope/sql-scope.ts';
import type { SlaRepository, SlaScope, SlaTransitionRow } from './sla.repository.ts';
import { computeSiteSla, type SiteTenantMonth, SLA_NAMES, type SlaWindow, summarise } from './sla-compute.ts';

export interface SlaServiceDeps {
  repo: SlaRepository;
  sites: ScopeLookup;
  clock: Clock;
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
  const from = new Date(q.from_time ?? q.until_time ?? now);
  const until = q.until_time ? new Date(q.until_time) : now;
  if (from >= until)
    throw new ValidationError('query.from_time', 'query.from_time: must be before until_time');
  const months = monthsBetween(from, until);
  if (months.length > SLA_MAX_MONTHS) {
    throw new ValidationError('query.from_time', `query.from_time: at most ${SLA_MAX_MONTHS} months`);
  }
  return months;
}

export function createSlaService(deps: SlaServiceDeps) {
  const service = {
    /** The report for a resolved request (the HTTP call and the scheduled job). */
    async produce(req: SlaRequest): Promise<SlaReportReply> {
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
      const [sites, rows] = await Promise.all([
        deps.repo.sites(scope),
        deps.repo.transitions(scope, SLA_NAMES, new Date(from), new Date(end)),
      ]);
      const bySite = new Map<string, SlaTransitionRow[]>();
      for (const r of rows) {
        const list = bySite.get(r.site_uid);
        if (list) list.push(r);
        else bySite.set(r.site_uid, [r]);
      }
      const figures: SiteTenantMonth[] = [];
      for (const site of sites) {
        const siteTenants = visibleSiteTenants(site.tenants, tenants);
        figures.push(...computeSiteSla(site, siteTenants, bySite.get(site.uid) ?? [], windows));
      }
      return {
        from: new Date(from).toISOString(),
        until: new Date(until).toISOString(),
        months: req.months,
        target: req.target,
        generatedAt: new Date(now).toISOString(),
        ...summarise(figures, req.target),
      };
    },

    async report(caller: Caller, q: SlaReportQuery): Promise<SlaReportReply> {
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
