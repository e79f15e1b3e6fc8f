/** The events module: site and network event lists, latest events per site, acknowledging. */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createEventsRepository, type EventsRepository } from './events.repository.ts';
import { registerEventRoutes } from './events.routes.ts';
import { createEventsService, type EventsService } from './events.service.ts';

/**
 * What other modules use: scoped event pages (the power pages list their own event names), and
 * acknowledging an event as from the web (the Telegram module's button).
 */
export interface EventsModuleServices {
  readonly pages: Pick<EventsRepository, 'page'>;
  readonly acknowledge: EventsService['acknowledge'];
}

export function createEventsModule(
  kernel: Kernel,
  deps: { site: SiteModuleServices },
): ServerModule<EventsModuleServices> {
  const events = createEventsRepository(kernel.pool);
  const service = createEventsService({
    events,
    sites: deps.site.lookup,
    clock: kernel.clock,
    bus: kernel.bus,
  });
  return {
    services: { pages: events, acknowledge: service.acknowledge },
    registerRoutes: (app) => registerEventRoutes(app, service),
  };
}
