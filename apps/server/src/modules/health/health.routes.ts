/** GET /site/healths. */
import { siteReportEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { HealthService } from './health.service.ts';

export function registerHealthRoutes(app: App, health: HealthService): void {
  route(app, e.siteHealths, {
    rule: rules.signedIn(),
    handler: (req) => health.healths(callerOf(req), req.query),
  });
}
