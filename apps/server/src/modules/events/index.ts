/** The events module: site and network event lists, latest events per site, acknowledging. */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createEventsRepository } from './events.repository.ts';
import { registerEventRoutes } from './events.routes.ts';
import { createEventsService } from './events.service.ts';

export function createEventsModule(kernel: Kernel, deps: { site: SiteModuleServices }): ServerModule {
  const service = createEventsService({
    events: createEventsRepository(kernel.pool),
    sites: deps.site.lookup,
    clock: kernel.clock,
    bus: kernel.bus,
  });
  return { services: {}, registerRoutes: (app) => registerEventRoutes(app, service) };
}
