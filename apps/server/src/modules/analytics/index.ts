/**
 * The analytics module (docs/requirements.md#analytics): the DG, mains, battery and temperature reports
 * over the caller's fleet, as JSON or streamed .xlsx. Reuses power-data's fleet SQL.
 */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';
import { createAnalyticsService } from './analytics.service.ts';

export function createAnalyticsModule(kernel: Kernel, deps: { site: SiteModuleServices }): ServerModule {
  const service = createAnalyticsService({
    repo: createAnalyticsRepository(kernel.pool),
    sites: deps.site.lookup,
    clock: kernel.clock,
  });
  return { services: {}, registerRoutes: (app) => registerAnalyticsRoutes(app, service) };
}
