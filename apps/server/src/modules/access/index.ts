/**
 * The access-control module (docs/requirements.md#access-control): cards, groups, attachments, the
 * per-site access lists sent to the devices, records, open hours and the revocation ledger. Ingest
 * reads the sync state of a site after a device ack through {@link accessSyncStates}.
 */
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { AuditModuleServices } from '../audit/index.ts';
import type { SiteModuleServices } from '../site/index.ts';
import { registerAccessRoutes } from './access.routes.ts';
import { createAccessService } from './access.service.ts';
import { createAccessSync } from './access-sync.ts';
import { createManageService } from './manage.service.ts';
import { createRecordsRepository } from './records.repository.ts';

export { accessSyncStates } from './access-sync.repository.ts';
export { RECORD_SELECT, toAccessRecord } from './records.repository.ts';

export interface AccessModuleServices {
  /** Recomputes and sends the access lists of sites (bench, tests). */
  readonly sync: ReturnType<typeof createAccessSync>;
}

export function createAccessModule(
  kernel: Kernel,
  deps: { site: SiteModuleServices; audit: AuditModuleServices },
): ServerModule<AccessModuleServices> {
  const { pool, clock, bus } = kernel;
  const sync = createAccessSync({ pool, clock, bus });
  const common = { pool, sites: deps.site.lookup, sync, clock, audit: deps.audit.recorder };
  const access = createAccessService({ ...common, records: createRecordsRepository(pool) });
  const manage = createManageService(common);
  return { services: { sync }, registerRoutes: (app) => registerAccessRoutes(app, access, manage) };
}
