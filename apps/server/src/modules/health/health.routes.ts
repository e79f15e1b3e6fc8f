/** GET /site/healths. */
import { SITE_API_PATHS as P, siteHealthsQuery, siteHealthsReply } from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf } from '../../kernel/http/guards.ts';
import type { Container } from '../../composition.ts';
import { createSiteRepository } from '../site/site.repository.ts';
import { createHealthRepository } from './health.repository.ts';
import { createHealthService } from './health.service.ts';

export function registerHealthRoutes(app: App, c: Container): void {
  const service = createHealthService({
    health: createHealthRepository(c.pool),
    sites: createSiteRepository(c.pool),
    clock: c.clock,
  });
  app.get(
    P.siteHealths,
    { schema: { tags: ['health'], querystring: siteHealthsQuery, response: { 200: siteHealthsReply } } },
    (req) => service.healths(callerOf(req), req.query),
  );
}
