/**
 * The power-data module (docs/requirements.md#power-data): battery, generator, mains, temperature and
 * fuel calls over the kernel's shared time-series reader (kernel/time-series).
 */
import { rollupWatermark } from '../../kernel/time-series/index.ts';
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { EventsModuleServices } from '../events/index.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createPowerChartsService } from './power-charts.service.ts';
import { createPowerDataRepository } from './power-data.repository.ts';
import { registerPowerDataRoutes } from './power-data.routes.ts';
import { createPowerFleetRepository } from './power-fleet.repository.ts';
import { createPowerFleetService } from './power-fleet.service.ts';
import { createPowerPeriodsService } from './power-periods.service.ts';

/** Fleet SQL builders other modules compose (analytics reports): scoped sites, pins, hourly DC power. */
export { type FleetFilter, POWER_TYPES, pinsOf, scopedSites } from './power-fleet.repository.ts';

export function createPowerDataModule(
  kernel: Kernel,
  deps: { site: SiteModuleServices; events: EventsModuleServices },
): ServerModule {
  const { pool: db, clock } = kernel;
  const repo = createPowerDataRepository(db);
  const sites = deps.site.lookup;
  const services = {
    charts: createPowerChartsService({ db, repo, sites, clock }),
    periods: createPowerPeriodsService({ db, repo, sites, clock }),
    fleet: createPowerFleetService({
      fleet: createPowerFleetRepository(db),
      events: deps.events.pages,
      sites,
      clock,
      watermark: () => rollupWatermark(db),
    }),
  };
  return { services: {}, registerRoutes: (app) => registerPowerDataRoutes(app, services) };
}
