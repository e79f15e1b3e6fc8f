/** Routes of running events, down history and per-site availability (reads of the site area). */
import {
  downHistoryQuery,
  downHistoryReply,
  runningEventsQuery,
  runningEventsReply,
  SITE_API_PATHS as P,
  siteAvailabilityQuery,
  siteAvailabilityReply,
} from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf } from '../../kernel/http/guards.ts';
import type { SiteRepository } from './site.repository.ts';
import { createSiteReportsRepository } from './site-reports.repository.ts';
import { createSiteReportsService } from './site-reports.service.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/pool.ts';
import { createAvailabilityRepository } from '../network/availability.repository.ts';
import { createAvailabilityService } from '../network/availability.service.ts';

export function registerSiteReportRoutes(
  app: App,
  deps: { sites: SiteRepository; clock: Clock; pool: Queryable },
) {
  const reports = createSiteReportsService({ ...deps, reports: createSiteReportsRepository(deps.pool) });
  const tags = ['sites'];
  app.get(
    P.runningEvents,
    { schema: { tags, querystring: runningEventsQuery, response: { 200: runningEventsReply } } },
    (req) => reports.running(callerOf(req), req.query),
  );
  app.get(
    P.downHistory,
    { schema: { tags, querystring: downHistoryQuery, response: { 200: downHistoryReply } } },
    (req) => reports.downHistory(callerOf(req), req.query),
  );
  const availability = createAvailabilityService({
    ...deps,
    availability: createAvailabilityRepository(deps.pool),
  });
  app.get(
    P.siteAvailability,
    { schema: { tags, querystring: siteAvailabilityQuery, response: { 200: siteAvailabilityReply } } },
    (req) => availability.sites(callerOf(req), req.query),
  );
}
