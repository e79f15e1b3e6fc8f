/** Routes of site writes: save, update, settings. */
import {
  SITE_API_PATHS as P,
  settingsSaveBody,
  settingsSaveReply,
  siteSaveBody,
  siteSaveReply,
  siteUpdateBody,
} from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf, denyReadOnly, requireAccess, requireRoles } from '../../kernel/http/guards.ts';
import type { EventBus } from '../../bus/bus.ts';
import type { Clock } from '../../clock.ts';
import type { Pool } from '../../db/pool.ts';
import type { SiteRepository } from './site.repository.ts';
import { createSiteAdminRepository } from './site-admin.repository.ts';
import { createSiteAdminService } from './site-admin.service.ts';

export function registerSiteAdminRoutes(
  app: App,
  deps: { sites: SiteRepository; clock: Clock; pool: Pool; bus?: Pick<EventBus, 'publish'> },
) {
  const admin = createSiteAdminService({ ...deps, admin: createSiteAdminRepository(deps.pool) });
  const tags = ['site admin'];
  // Site owners and operators; read-only users get the spec's refusal first.
  const writers = [denyReadOnly('save the site'), requireRoles('sudo', 'support', 'company', 'superuser')];
  app.post(
    P.siteSave,
    { schema: { tags, body: siteSaveBody, response: { 200: siteSaveReply } }, preHandler: writers },
    (req) => admin.save(callerOf(req), req.body),
  );
  app.post(
    P.siteUpdate,
    { schema: { tags, body: siteUpdateBody, response: { 200: siteSaveReply } }, preHandler: writers },
    (req) => admin.update(callerOf(req), req.body),
  );
  app.post(
    P.settingsSave,
    {
      schema: { tags, body: settingsSaveBody, response: { 200: settingsSaveReply } },
      preHandler: [denyReadOnly('change the site settings'), requireAccess('alarm_settings')],
    },
    (req) => admin.saveSettings(callerOf(req), req.body),
  );
}
