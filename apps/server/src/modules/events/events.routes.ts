/** Event routes: site events, network events, latest events per site, acknowledge. */
import { networkEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { EventsService } from './events.service.ts';

export function registerEventRoutes(app: App, events: EventsService): void {
  route(app, e.siteEvents, {
    rule: rules.signedIn(),
    handler: (req) => events.siteEvents(callerOf(req), req.query),
  });
  route(app, e.networkEvents, {
    rule: rules.signedIn(),
    handler: (req) => events.networkEvents(callerOf(req), req.query),
  });
  route(app, e.lastEvents, {
    rule: rules.signedIn(),
    handler: (req) => events.lastEvents(callerOf(req), req.query),
  });
  route(app, e.acknowledgeEvent, {
    rule: rules.signedIn({ denyReadOnly: 'acknowledge the event' }),
    handler: (req) => events.acknowledge(callerOf(req), req.body.eventId),
  });
}
