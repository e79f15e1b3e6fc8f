/** Routes of site writes: save, update, settings. */
import { siteEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { SiteAdminService } from './site-admin.service.ts';

export function registerSiteAdminRoutes(app: App, admin: SiteAdminService): void {
  // Site owners and operators; read-only users get the spec's refusal first.
  const writers = rules.signedIn({
    denyReadOnly: 'save the site',
    userTypes: ['sudo', 'support', 'company', 'superuser'],
  });
  route(app, e.siteSave, { rule: writers, handler: (req) => admin.save(callerOf(req), req.body) });
  route(app, e.siteUpdate, { rule: writers, handler: (req) => admin.update(callerOf(req), req.body) });
  route(app, e.settingsSave, {
    rule: rules.signedIn({ denyReadOnly: 'change the site settings', access: ['alarm_settings'] }),
    handler: (req) => admin.saveSettings(callerOf(req), req.body),
  });
}
