/**
 * The vendors module: device vendors, their API tokens and HTTP ingest
 * (docs/requirements.md#device-vendors, docs/requirements.md#vendor-tokens).
 */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { AuditModuleServices } from '../audit/index.ts';
import { createHttpIngestService, type DeviceInbox } from './http-ingest.service.ts';
import { createVendorsRepository } from './vendors.repository.ts';
import { registerVendorsRoutes } from './vendors.routes.ts';
import { createVendorsService } from './vendors.service.ts';

export type { DeviceInbox } from './http-ingest.service.ts';

export function createVendorsModule(
  kernel: Kernel,
  deps: { audit: AuditModuleServices; deviceInbox: DeviceInbox },
): ServerModule<object> {
  const repo = createVendorsRepository(kernel.pool);
  const vendors = createVendorsService({ repo, clock: kernel.clock, audit: deps.audit.recorder });
  const ingest = createHttpIngestService({ repo, clock: kernel.clock, inbox: deps.deviceInbox });
  return { services: {}, registerRoutes: (app) => registerVendorsRoutes(app, vendors, ingest) };
}
