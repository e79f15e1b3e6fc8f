/** Audit log endpoint (docs/api.md "Audit log"). */
import { auditEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { AuditService } from './audit.service.ts';

export function registerAuditRoutes(app: App, audit: AuditService): void {
  // Who reads which entries depends on the caller's company and roles: the service decides.
  route(app, e.list, { rule: rules.signedIn(), handler: (req) => audit.list(callerOf(req), req.query) });
}
