/** Event routes: site events, network events, latest events per site, acknowledge. */
import {
  acknowledgeEventBody,
  acknowledgeEventReply,
  eventPageReply,
  lastEventsQuery,
  lastEventsReply,
  networkEventsQuery,
  networkEventsReply,
  SITE_API_PATHS as P,
  siteEventsQuery,
} from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf, denyReadOnly } from '../../kernel/http/guards.ts';
import type { Container } from '../../composition.ts';
import { siteDeps } from '../site/site.deps.ts';
import { createEventsRepository } from './events.repository.ts';
import { createEventsService } from './events.service.ts';

export function registerEventRoutes(app: App, c: Container): void {
  const events = createEventsService({ ...siteDeps(c), events: createEventsRepository(c.pool) });
  const tags = ['events'];
  app.get(
    P.siteEvents,
    { schema: { tags, querystring: siteEventsQuery, response: { 200: eventPageReply } } },
    (req) => events.siteEvents(callerOf(req), req.query),
  );
  app.get(
    P.networkEvents,
    { schema: { tags, querystring: networkEventsQuery, response: { 200: networkEventsReply } } },
    (req) => events.networkEvents(callerOf(req), req.query),
  );
  app.get(
    P.lastEvents,
    { schema: { tags, querystring: lastEventsQuery, response: { 200: lastEventsReply } } },
    (req) => events.lastEvents(callerOf(req), req.query),
  );
  app.post(
    P.acknowledgeEvent,
    {
      schema: { tags, body: acknowledgeEventBody, response: { 200: acknowledgeEventReply } },
      preHandler: [denyReadOnly('acknowledge the event')],
    },
    (req) => events.acknowledge(callerOf(req), req.body.eventId),
  );
}
