/** The battery-availability module: a site's battery availability on a day. */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { registerBatteryAvailabilityRoutes } from './battery-availability.routes.ts';
import { createBatteryAvailabilityService } from './battery-availability.service.ts';

export function createBatteryAvailabilityModule(
  kernel: Kernel,
  deps: { site: SiteModuleServices },
): ServerModule {
  const service = createBatteryAvailabilityService({
    db: kernel.pool,
    sites: deps.site.lookup,
    clock: kernel.clock,
  });
  return { services: {}, registerRoutes: (app) => registerBatteryAvailabilityRoutes(app, service) };
}
