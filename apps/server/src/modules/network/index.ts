/**
 * The network module: dashboard counts (also pushed on the live socket) and availability of the
 * network and of each site.
 */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createAvailabilityRepository } from './availability.repository.ts';
import { createAvailabilityService } from './availability.service.ts';
import { createBatteryCountsRepository } from './battery-counts.repository.ts';
import { createCountsRepository } from './counts.repository.ts';
import { type CountsService, createCountsService } from './counts.service.ts';
import { registerNetworkRoutes } from './network.routes.ts';

export type { CountsService } from './counts.service.ts';

export interface NetworkModuleServices {
  /** One per process: the API and the live hub share its counts store. */
  readonly counts: CountsService;
}

export function createNetworkModule(
  kernel: Kernel,
  deps: { site: SiteModuleServices },
): ServerModule<NetworkModuleServices> {
  const { pool, clock } = kernel;
  const counts = createCountsService({
    counts: createCountsRepository(pool),
    battery: createBatteryCountsRepository(pool),
    sites: deps.site.lookup,
    clock,
  });
  const availability = createAvailabilityService({
    availability: createAvailabilityRepository(pool),
    sites: deps.site.lookup,
    clock,
  });
  return {
    services: { counts },
    registerRoutes: (app) => registerNetworkRoutes(app, { counts, availability }),
  };
}
