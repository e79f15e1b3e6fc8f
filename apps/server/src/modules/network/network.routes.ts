/** Network and dashboard routes: status counts, dashboard count, network and per-site availability. */
import { networkEndpoints as e, siteReportEndpoints } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { AvailabilityService } from './availability.service.ts';
import type { CountsService } from './counts.service.ts';

export function registerNetworkRoutes(
  app: App,
  { counts, availability }: { counts: CountsService; availability: AvailabilityService },
): void {
  route(app, e.statusCounts, {
    rule: rules.signedIn(),
    handler: (req) => counts.statusCounts(callerOf(req), req.query),
  });
  route(app, e.dashboardCount, {
    rule: rules.signedIn(),
    handler: (req) => counts.dashboardCount(callerOf(req), req.query),
  });
  route(app, e.networkAvailability, {
    rule: rules.signedIn(),
    handler: (req) => availability.network(callerOf(req), req.query),
  });
  // Per-site availability is in the site area's table; the availability service computes both.
  route(app, siteReportEndpoints.siteAvailability, {
    rule: rules.signedIn(),
    handler: (req) => availability.sites(callerOf(req), req.query),
  });
}
