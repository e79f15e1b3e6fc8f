/** The export module: a table of the caller's sites as an .xlsx download. */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createExportRepository } from './export.repository.ts';
import { registerExportRoutes } from './export.routes.ts';
import { createExportService } from './export.service.ts';

export function createExportModule(kernel: Kernel, deps: { site: SiteModuleServices }): ServerModule {
  const service = createExportService({
    exports: createExportRepository(kernel.pool),
    sites: deps.site.lookup,
    clock: kernel.clock,
  });
  return { services: {}, registerRoutes: (app) => registerExportRoutes(app, service) };
}
