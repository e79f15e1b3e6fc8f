/** The health module: device health of the caller's sites by category (also pushed on the live socket). */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createHealthRepository } from './health.repository.ts';
import { registerHealthRoutes } from './health.routes.ts';
import { createHealthService, type HealthService } from './health.service.ts';

export type { HealthService } from './health.service.ts';

export interface HealthModuleServices {
  readonly health: HealthService;
}

export function createHealthModule(
  kernel: Kernel,
  deps: { site: SiteModuleServices },
): ServerModule<HealthModuleServices> {
  const health = createHealthService({
    health: createHealthRepository(kernel.pool),
    sites: deps.site.lookup,
    clock: kernel.clock,
  });
  return { services: { health }, registerRoutes: (app) => registerHealthRoutes(app, health) };
}
