/**
 * Site routes (platform-core §7 "Sites", feature-areas §7 "Sites and devices"): parse with the
 * contract schemas, call one service, reply. Guards: see docs/api.md "Sites and network".
 */
import {
  commandReply,
  digitalControlBody,
  digitalControlListReply,
  oemSiteListQuery,
  oemSiteListReply,
  SITE_API_PATHS as P,
  sessionStartBody,
  sessionStartReply,
  siteAlarmsReply,
  siteCommandBody,
  siteDetailsReply,
  siteFetchQuery,
  siteFetchReply,
  siteFilterQuery,
  siteLeanListReply,
  siteListReply,
  siteUidQuery,
} from '@towerwatch/contract';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { App } from '../../app.ts';
import { callerOf, denyReadOnly, requireAccess } from '../../kernel/http/guards.ts';
import type { Container } from '../../composition.ts';
import { siteDeps } from './site.deps.ts';
import { createSiteService } from './site.service.ts';
import { registerSiteAdminRoutes } from './site-admin.routes.ts';
import { createSiteCommandsService } from './site-commands.service.ts';
import { registerSiteReportRoutes } from './site-reports.routes.ts';

export function registerSiteRoutes(app: App, c: Container): void {
  const deps = siteDeps(c);
  const sites = createSiteService(deps);
  const commands = createSiteCommandsService(deps);
  const tags = ['sites'];

  app.get(
    P.oemSiteList,
    { schema: { tags, querystring: oemSiteListQuery, response: { 200: oemSiteListReply } } },
    (req) => sites.oemSiteList(callerOf(req), req.query),
  );
  app.get(
    P.siteFilter,
    { schema: { tags, querystring: siteFilterQuery, response: { 200: siteListReply } } },
    (req) => sites.filter(callerOf(req), req.query),
  );
  // The route's schema is the union of both forms (OpenAPI, typing), but each reply is checked and
  // serialised against its own form: the union made zod try the full form first, so a lean reply
  // (1,000 sites) was validated twice and came out slower than the full one (docs/performance.md).
  const serializerOf = createSerializerCompiler({});
  const serializeFull = serializerOf({ schema: siteListReply, method: 'GET', url: P.siteFetch });
  const serializeLean = serializerOf({ schema: siteLeanListReply, method: 'GET', url: P.siteFetch });
  app.get(
    P.siteFetch,
    { schema: { tags, querystring: siteFetchQuery, response: { 200: siteFetchReply } } },
    async (req, reply) => {
      const body = await sites.fetch(callerOf(req), req.query);
      // Set only on success: an error reply must keep the error serialiser. A custom serialiser
      // gets no JSON content type from fastify, so it is named here.
      reply.type('application/json; charset=utf-8');
      reply.serializer(req.query.lean ? serializeLean : serializeFull);
      return body;
    },
  );
  app.get(
    P.siteDetails,
    { schema: { tags, querystring: siteUidQuery, response: { 200: siteDetailsReply } } },
    (req) => sites.details(callerOf(req), req.query.site_uid),
  );
  app.get(
    P.siteAlarms,
    { schema: { tags, querystring: siteUidQuery, response: { 200: siteAlarmsReply } } },
    (req) => sites.alarms(callerOf(req), req.query.site_uid),
  );
  app.post(
    P.sessionStart,
    { schema: { tags, body: sessionStartBody, response: { 200: sessionStartReply } } },
    (req) => sites.sessionStart(callerOf(req), req.body.site_uid),
  );

  const controlTags = ['site commands'];
  app.get(
    P.userDigitalControl,
    {
      schema: { tags: controlTags, querystring: siteUidQuery, response: { 200: digitalControlListReply } },
      preHandler: [requireAccess('rms')],
    },
    (req) => commands.listDigitalControls(callerOf(req), req.query.site_uid),
  );
  const control = {
    schema: { tags: controlTags, body: digitalControlBody, response: { 200: commandReply } },
    preHandler: [denyReadOnly('control digital outputs'), requireAccess('rms')],
  };
  app.post(P.digitalControl, control, (req) => commands.digitalControl(callerOf(req), req.body));
  app.post(P.userDigitalControl, control, (req) => commands.digitalControl(callerOf(req), req.body));
  const access = (action: string) => ({
    schema: { tags: controlTags, body: siteCommandBody, response: { 200: commandReply } },
    preHandler: [denyReadOnly(action), requireAccess('acs')],
  });
  app.post(P.unlock, access('unlock the door'), (req) => commands.access(callerOf(req), 'unlock', req.body));
  app.post(P.clearSecurityBreach, access('clear the security breach'), (req) =>
    commands.access(callerOf(req), 'clear_security_breach', req.body),
  );
  app.post(P.clearLockOpenFail, access('clear the lock open fail'), (req) =>
    commands.access(callerOf(req), 'clear_lock_open_fail', req.body),
  );

  registerSiteAdminRoutes(app, deps);
  registerSiteReportRoutes(app, deps);
}
