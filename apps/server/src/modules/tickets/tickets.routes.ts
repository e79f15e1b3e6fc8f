/** Ticket routes: list, create, update, details, attachments (docs/requirements.md#ticket-calls). */
import { ticketEndpoints as e } from '@towerwatch/contract';
import { SLA_EDITOR_TYPES } from '@towerwatch/domain';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { SlaSettingsService } from './sla-settings.service.ts';
import type { TicketDetailsService } from './ticket-details.service.ts';
import type { TicketsService } from './tickets.service.ts';

export function registerTicketRoutes(
  app: App,
  tickets: TicketsService,
  details: TicketDetailsService,
  sla: SlaSettingsService,
): void {
  route(app, e.list, { rule: rules.signedIn(), handler: (req) => tickets.list(callerOf(req), req.query) });
  route(app, e.create, {
    rule: rules.signedIn({ denyReadOnly: 'create tickets' }),
    handler: (req) => tickets.create(callerOf(req), req.body),
  });
  route(app, e.update, {
    rule: rules.signedIn({ denyReadOnly: 'update tickets' }),
    handler: (req) => tickets.update(callerOf(req), req.body),
  });
  route(app, e.details, {
    rule: rules.signedIn(),
    handler: (req) => details.details(callerOf(req), req.query.id),
  });
  route(app, e.attach, {
    rule: rules.signedIn({ denyReadOnly: 'attach files to tickets' }),
    handler: (req) => details.attach(callerOf(req), req.body),
  });
  route(app, e.attachment, {
    rule: rules.signedIn(),
    handler: (req) => details.attachment(callerOf(req), req.query.id),
  });
  route(app, e.slaSettings, {
    rule: rules.signedIn(),
    handler: (req) => sla.get(callerOf(req), req.query.company),
  });
  route(app, e.slaSettingsSave, {
    rule: rules.signedIn({
      denyReadOnly: 'change the SLA targets',
      userTypes: SLA_EDITOR_TYPES,
    }),
    handler: (req) => sla.save(callerOf(req), req.body),
  });
}
