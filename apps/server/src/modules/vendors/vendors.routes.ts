/** Routes of device vendors, their API tokens and HTTP ingest (docs/api.md "Device vendors"). */
import { adminEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { HttpIngestService } from './http-ingest.service.ts';
import type { VendorsService } from './vendors.service.ts';

export function registerVendorsRoutes(app: App, vendors: VendorsService, ingest: HttpIngestService): void {
  // Company and superuser users read their company's vendors (the site form's choice); operators manage.
  const readers = rules.signedIn({ userTypes: ['sudo', 'support', 'company', 'superuser'] });
  const operators = rules.signedIn({ userTypes: ['sudo', 'support'] });
  route(app, e.vendorList, { rule: readers, handler: (req) => vendors.list(callerOf(req), req.query) });
  route(app, e.vendorSave, { rule: operators, handler: (req) => vendors.save(callerOf(req), req.body) });
  route(app, e.vendorDelete, {
    rule: operators,
    handler: (req) => vendors.remove(callerOf(req), req.params.id),
  });
  route(app, e.generateToken, {
    rule: operators,
    handler: (req) => vendors.generateToken(callerOf(req), req.body),
  });
  route(app, e.listTokens, {
    rule: operators,
    handler: (req) => vendors.tokens(callerOf(req), req.query.vendor_uid),
  });
  route(app, e.revokeToken, {
    rule: operators,
    handler: (req) => vendors.revokeToken(callerOf(req), req.body.id),
  });
  // Public for the user auth hook: the vendor API token is checked by the service.
  route(app, e.ingestMessages, {
    rule: rules.public,
    handler: (req) => ingest.ingest(req.headers.authorization, req.body),
  });
}
