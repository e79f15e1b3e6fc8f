/** The OEM module: a site's rectifier and BMS data, OEM events, the fleet's records, battery bank health. */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createBankHealthService } from './bank-health.service.ts';
import { createOemRepository } from './oem.repository.ts';
import { registerOemRoutes } from './oem.routes.ts';
import { createOemService } from './oem.service.ts';

export function createOemModule(kernel: Kernel, deps: { site: SiteModuleServices }): ServerModule {
  const oem = createOemRepository(kernel.pool);
  const service = createOemService({ oem, sites: deps.site.lookup, clock: kernel.clock });
  const banks = createBankHealthService({ oem, sites: deps.site.lookup, clock: kernel.clock });
  return { services: {}, registerRoutes: (app) => registerOemRoutes(app, service, banks) };
}
