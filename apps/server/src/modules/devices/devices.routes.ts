/** Routes of devices, pin configs and the customer list (docs/api.md "Administration"). */
import { adminEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { BulkImport } from './bulk-import.ts';
import { importTemplate } from './bulk-rows.ts';
import type { DevicesService } from './devices.service.ts';

export function registerDevicesRoutes(app: App, devices: DevicesService, bulk: BulkImport): void {
  // Operators everywhere; company and superuser users on their own company's sites and devices.
  const readers = rules.signedIn({ userTypes: ['sudo', 'support', 'company', 'superuser'] });
  const configurers = rules.signedIn({
    denyReadOnly: 'configure the site',
    userTypes: ['sudo', 'support', 'company', 'superuser'],
  });
  const operators = rules.signedIn({ userTypes: ['sudo', 'support'] });
  route(app, e.deviceComIds, { rule: readers, handler: (req) => devices.comIds(callerOf(req), req.query) });
  route(app, e.deviceSave, { rule: operators, handler: (req) => devices.save(callerOf(req), req.body) });
  route(app, e.deviceList, { rule: readers, handler: (req) => devices.list(callerOf(req), req.query) });
  route(app, e.companyList, {
    rule: operators,
    handler: (req) => devices.companies(callerOf(req), req.query),
  });
  route(app, e.companySave, {
    rule: rules.signedIn({ userTypes: ['sudo'] }),
    handler: (req) => devices.saveCompany(callerOf(req), req.body),
  });
  route(app, e.deviceBind, { rule: configurers, handler: (req) => devices.bind(callerOf(req), req.body) });
  route(app, e.deviceUnbind, {
    rule: configurers,
    handler: (req) => devices.unbind(callerOf(req), req.body),
  });
  route(app, e.saveConfig, {
    rule: configurers,
    handler: (req) => devices.saveConfig(callerOf(req), req.body),
  });
  route(app, e.removeConfig, {
    rule: configurers,
    handler: (req) => devices.removeConfig(callerOf(req), req.body.id),
  });
  route(app, e.importTemplate, {
    rule: operators,
    handler: async (_req, reply) =>
      reply
        .type(e.importTemplate.reply.contentType)
        .header('content-disposition', 'attachment; filename="towerwatch-sites-template.xlsx"')
        .send(await importTemplate()),
  });
  route(app, e.siteImport, { rule: operators, handler: (req) => bulk.run(callerOf(req), req.body) });
}
