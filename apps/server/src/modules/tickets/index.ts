/** The tickets module: support tickets linked to sites and alarms, with SLA clocks and live events. */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createSlaSettingsService } from './sla-settings.service.ts';
import { createTicketDetailsRepository } from './ticket-details.repository.ts';
import { createTicketDetailsService } from './ticket-details.service.ts';
import { createTicketsRepository } from './tickets.repository.ts';
import { registerTicketRoutes } from './tickets.routes.ts';
import { createTicketsService } from './tickets.service.ts';

export function createTicketsModule(kernel: Kernel, deps: { site: SiteModuleServices }): ServerModule {
  const tickets = createTicketsService({
    pool: kernel.pool,
    sites: deps.site.lookup,
    clock: kernel.clock,
    bus: kernel.bus,
  });
  const details = createTicketDetailsService({
    details: createTicketDetailsRepository(kernel.pool),
    tickets,
    clock: kernel.clock,
  });
  const sla = createSlaSettingsService({ repo: createTicketsRepository(kernel.pool), clock: kernel.clock });
  return { services: {}, registerRoutes: (app) => registerTicketRoutes(app, tickets, details, sla) };
}
