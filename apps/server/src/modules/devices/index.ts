/**
 * The devices module: RMS controllers, their binding to sites, pin configs and the customer list
 * (docs/requirements.md#device-calls).
 */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { AuditModuleServices } from '../audit/index.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { createBulkImport } from './bulk-import.ts';
import { createDevicesRepository } from './devices.repository.ts';
import { registerDevicesRoutes } from './devices.routes.ts';
import { createDevicesService } from './devices.service.ts';

export function createDevicesModule(
  kernel: Kernel,
  deps: { audit: AuditModuleServices; site: SiteModuleServices },
): ServerModule<object> {
  const service = createDevicesService({
    repo: createDevicesRepository(kernel.pool),
    sites: deps.site.lookup,
    pinConfigsOf: deps.site.pinConfigsOf,
    bus: kernel.bus,
    audit: deps.audit.recorder,
  });
  const bulk = createBulkImport({ pool: kernel.pool, bus: kernel.bus, audit: deps.audit.recorder });
  return { services: {}, registerRoutes: (app) => registerDevicesRoutes(app, service, bulk) };
}
