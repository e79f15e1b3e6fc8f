/**
 * The site module: site lists, one site, its alarms, focus, commands, writes and reports. Other
 * modules read sites only through `lookup` (scope decisions: kernel/scope/site-scope.ts).
 */
import type { SitePinConfig } from '@towerwatch/contract';
import type { Kernel, ServerModule } from '../../kernel/types.ts';
import type { AuditModuleServices } from '../audit/index.ts';
import { createCommandsRepository } from './commands.repository.ts';
import { createSiteRepository, type SiteRepository } from './site.repository.ts';
import { registerSiteCommandRoutes, registerSiteRoutes } from './site.routes.ts';
import { createSiteService, toPinConfig } from './site.service.ts';
import { createSiteAdminRepository } from './site-admin.repository.ts';
import { registerSiteAdminRoutes } from './site-admin.routes.ts';
import { createSiteAdminService } from './site-admin.service.ts';
import { createSiteCommandsService } from './site-commands.service.ts';
import { createSiteListJsonRepository } from './site-list-json.repository.ts';
import { createSiteReportsRepository } from './site-reports.repository.ts';
import { registerSiteReportRoutes } from './site-reports.routes.ts';
import { createSiteReportsService } from './site-reports.service.ts';

/** What other modules read about sites: a site in the caller's scope, a user's company, site uids. */
export type SiteLookup = Pick<
  SiteRepository,
  'findScoped' | 'findUserCompany' | 'companyExists' | 'listUids'
>;

export interface SiteModuleServices {
  readonly lookup: SiteLookup;
  /** A site's pin configs with their latest values, as GET /user/site/details shows them (unscoped). */
  pinConfigsOf(siteUid: string): Promise<SitePinConfig[]>;
}

export function createSiteModule(
  kernel: Kernel,
  deps: { audit: AuditModuleServices },
): ServerModule<SiteModuleServices> {
  const audit = deps.audit.recorder;
  const { pool, clock, bus } = kernel;
  const sites = createSiteRepository(pool);
  const commands = createCommandsRepository(pool);
  const siteService = createSiteService({
    sites,
    lists: createSiteListJsonRepository(pool),
    commands,
    clock,
  });
  const commandsService = createSiteCommandsService({ sites, commands, clock, bus, audit });
  const admin = createSiteAdminService({ sites, admin: createSiteAdminRepository(pool), clock, bus, audit });
  const reports = createSiteReportsService({ sites, reports: createSiteReportsRepository(pool), clock });
  return {
    services: {
      lookup: sites,
      pinConfigsOf: async (siteUid) => (await sites.pinsOf(siteUid)).map(toPinConfig),
    },
    registerRoutes(app) {
      registerSiteRoutes(app, siteService);
      registerSiteCommandRoutes(app, commandsService);
      registerSiteAdminRoutes(app, admin);
      registerSiteReportRoutes(app, reports);
    },
  };
}
