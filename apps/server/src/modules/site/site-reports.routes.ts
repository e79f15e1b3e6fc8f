/** Routes of running events and down history (reads of the site area). */
import { siteReportEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { SiteReportsService } from './site-reports.service.ts';

export function registerSiteReportRoutes(app: App, reports: SiteReportsService): void {
  route(app, e.runningEvents, {
    rule: rules.signedIn(),
    handler: (req) => reports.running(callerOf(req), req.query),
  });
  route(app, e.downHistory, {
    rule: rules.signedIn(),
    handler: (req) => reports.downHistory(callerOf(req), req.query),
  });
}
