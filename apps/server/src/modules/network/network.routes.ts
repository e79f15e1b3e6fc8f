/** Network and dashboard routes: status counts, dashboard count, availability. */
import {
  dashboardCountQuery,
  dashboardCountReply,
  networkAvailabilityQuery,
  networkAvailabilityReply,
  SITE_API_PATHS as P,
  statusCountsReply,
} from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf } from '../../kernel/http/guards.ts';
import type { Container } from '../../composition.ts';
import { siteDeps } from '../site/site.deps.ts';
import { createAvailabilityRepository } from './availability.repository.ts';
import { createAvailabilityService } from './availability.service.ts';
import { createCountsRepository } from './counts.repository.ts';
import { createCountsService } from './counts.service.ts';

export function registerNetworkRoutes(app: App, c: Container): void {
  const deps = siteDeps(c);
  const counts = createCountsService({ ...deps, counts: createCountsRepository(c.pool) });
  const availability = createAvailabilityService({
    ...deps,
    availability: createAvailabilityRepository(c.pool),
  });
  const tags = ['network'];
  app.get(
    P.statusCounts,
    { schema: { tags, querystring: dashboardCountQuery, response: { 200: statusCountsReply } } },
    (req) => counts.statusCounts(callerOf(req), req.query),
  );
  app.get(
    P.dashboardCount,
    { schema: { tags, querystring: dashboardCountQuery, response: { 200: dashboardCountReply } } },
    (req) => counts.dashboardCount(callerOf(req), req.query),
  );
  app.get(
    P.networkAvailability,
    { schema: { tags, querystring: networkAvailabilityQuery, response: { 200: networkAvailabilityReply } } },
    (req) => availability.network(callerOf(req), req.query),
  );
}
