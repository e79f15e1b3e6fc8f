/** GET /user/site/running-events and GET /user/site/down-history. */
import type {
  DownHistoryQuery,
  DownHistoryReply,
  RunningEventsQuery,
  RunningEventsReply,
} from '@towerwatch/contract';
import { alarmDisplayGroup, dhakaDayEnd, dhakaDayStart } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ValidationError } from '../../errors.ts';
import { assertTenantsAllowed, requireSite } from '../../kernel/scope/site-scope.ts';
import type { SiteRepository } from './site.repository.ts';
import type { SiteReportsRepository } from './site-reports.repository.ts';

export interface SiteReportsDeps {
  sites: SiteRepository;
  reports: SiteReportsRepository;
  clock: Clock;
}

const DAY_MS = 86_400_000;
const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/** [from, until) of optional Asia/Dhaka dates; default the last 7 days up to now. */
export function dateRange(now: Date, fromDate?: string, untilDate?: string): { from: Date; until: Date } {
  const until = untilDate ? dhakaDayEnd(untilDate) : now;
  const from = fromDate ? dhakaDayStart(fromDate) : new Date(until.getTime() - 7 * DAY_MS);
  if (from >= until)
    throw new ValidationError('query.from_date', 'query.from_date: must be before until_date');
  return { from, until };
}

export function createSiteReportsService(deps: SiteReportsDeps) {
  return {
    async running(caller: Caller, q: RunningEventsQuery): Promise<RunningEventsReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      if (q.site_uid) await requireSite(deps.sites, caller, q.site_uid, false);
      const now = deps.clock.now();
      const rows = await deps.reports.running(caller, {
        siteUid: q.site_uid,
        tenant: q.tenant,
        limit: q.limit,
      });
      return {
        items: rows.map((r) => ({
          siteUid: r.site_uid,
          siteName: r.site_name,
          name: r.alarm_id,
          group: alarmDisplayGroup(r.alarm_id),
          tenant: r.tenant === '' ? null : r.tenant,
          since: r.since.toISOString(),
          durationSeconds: seconds(now.getTime() - r.since.getTime()),
        })),
      };
    },

    async downHistory(caller: Caller, q: DownHistoryQuery): Promise<DownHistoryReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      if (q.site_uid) await requireSite(deps.sites, caller, q.site_uid, false);
      const now = deps.clock.now();
      const { from, until } = dateRange(now, q.from_date, q.until_date);
      const rows = await deps.reports.downHistory(caller, {
        siteUid: q.site_uid,
        tenant: q.tenant,
        from,
        until,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return {
        items: rows.map((r) => ({
          id: r.id,
          siteUid: r.site_uid,
          siteName: r.site_name,
          tenant: null,
          downAt: r.started_at.toISOString(),
          upAt: r.ended_at ? r.ended_at.toISOString() : null,
          durationSeconds: seconds((r.ended_at ?? now).getTime() - r.started_at.getTime()),
        })),
        total: rows[0]?.total ?? 0,
        page: q.page,
        limit: q.limit,
      };
    },
  };
}
export type SiteReportsService = ReturnType<typeof createSiteReportsService>;
