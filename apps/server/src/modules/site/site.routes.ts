/**
 * Site routes (docs/api.md "Sites and network"): the site lists, one site, its alarms, focus and
 * the commands. Parse with the contract schemas, call one service, reply.
 */
import { siteEndpoints as e, siteLeanListReply, siteListReply } from '@towerwatch/contract';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { SiteService } from './site.service.ts';
import type { SiteCommandsService } from './site-commands.service.ts';

const signedIn = rules.signedIn();

export function registerSiteRoutes(app: App, sites: SiteService): void {
  route(app, e.oemSiteList, {
    rule: signedIn,
    handler: (req) => sites.oemSiteList(callerOf(req), req.query),
  });
  route(app, e.siteFilter, { rule: signedIn, handler: (req) => sites.filter(callerOf(req), req.query) });
  // The route's schema is the union of both forms (OpenAPI, typing), but each reply is checked and
  // serialised against its own form: the union made zod try the full form first, so a lean reply
  // (1,000 sites) was validated twice and came out slower than the full one (docs/performance.md).
  const serializerOf = createSerializerCompiler({});
  const serializeFull = serializerOf({ schema: siteListReply, method: 'GET', url: e.siteFetch.path });
  const serializeLean = serializerOf({ schema: siteLeanListReply, method: 'GET', url: e.siteFetch.path });
  route(app, e.siteFetch, {
    rule: signedIn,
    handler: async (req, reply) => {
      const body = await sites.fetch(callerOf(req), req.query);
      // Set only on success: an error reply must keep the error serialiser. A custom serialiser
      // gets no JSON content type from fastify, so it is named here.
      reply.type('application/json; charset=utf-8');
      reply.serializer(req.query.lean ? serializeLean : serializeFull);
      return body;
    },
  });
  route(app, e.siteDetails, {
    rule: signedIn,
    handler: (req) => sites.details(callerOf(req), req.query.site_uid),
  });
  route(app, e.siteAlarms, {
    rule: signedIn,
    handler: (req) => sites.alarms(callerOf(req), req.query.site_uid),
  });
  route(app, e.sessionStart, {
    rule: signedIn,
    handler: (req) => sites.sessionStart(callerOf(req), req.body.site_uid),
  });
}

/** Digital outputs and door commands: RMS or ACS access; read-only users are refused first. */
export function registerSiteCommandRoutes(app: App, commands: SiteCommandsService): void {
  route(app, e.digitalControls, {
    rule: rules.signedIn({ access: ['rms'] }),
    handler: (req) => commands.listDigitalControls(callerOf(req), req.query.site_uid),
  });
  const control = rules.signedIn({ denyReadOnly: 'control digital outputs', access: ['rms'] });
  route(app, e.digitalControl, {
    rule: control,
    handler: (req) => commands.digitalControl(callerOf(req), req.body),
  });
  route(app, e.userDigitalControl, {
    rule: control,
    handler: (req) => commands.digitalControl(callerOf(req), req.body),
  });
  route(app, e.unlock, {
    rule: rules.signedIn({ denyReadOnly: 'unlock the door', access: ['acs'] }),
    handler: (req) => commands.access(callerOf(req), 'unlock', req.body),
  });
  route(app, e.clearSecurityBreach, {
    rule: rules.signedIn({ denyReadOnly: 'clear the security breach', access: ['acs'] }),
    handler: (req) => commands.access(callerOf(req), 'clear_security_breach', req.body),
  });
  route(app, e.clearLockOpenFail, {
    rule: rules.signedIn({ denyReadOnly: 'clear the lock open fail', access: ['acs'] }),
    handler: (req) => commands.access(callerOf(req), 'clear_lock_open_fail', req.body),
  });
}
