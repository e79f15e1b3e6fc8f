/**
 * Site routes (docs/api.md "Sites and network"): the site lists, one site, its alarms, focus and
 * the commands. Parse with the contract schemas, call one service, reply.
 */
import { siteEndpoints as e } from '@towerwatch/contract';
import type { FastifyReply } from 'fastify';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { SiteService } from './site.service.ts';
import type { SiteCommandsService } from './site-commands.service.ts';

const signedIn = rules.signedIn();

/** Sends JSON text as it is (a reply serialised before it reached the route, see JsonReply). */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.send(json);
}

export function registerSiteRoutes(app: App, sites: SiteService): void {
  route(app, e.oemSiteList, {
    rule: signedIn,
    handler: (req) => sites.oemSiteList(callerOf(req), req.query),
  });
  route(app, e.siteFilter, { rule: signedIn, handler: (req) => sites.filter(callerOf(req), req.query) });
  // The route's schema is the union of both forms (OpenAPI, typing). The reply comes as JSON text
  // built by PostgreSQL (its items are the contract's site / siteLean, pinned by
  // site-list-json.test.ts) and is sent as is: validating and serialising 1,000 items per page cost
  // most of the request's CPU (docs/decisions/site-list-json-in-sql.md).
  route(app, e.siteFetch, {
    rule: signedIn,
    handler: async (req, reply) => {
      const body = await sites.fetch(callerOf(req), req.query);
      // Set only on success: an error reply keeps the error serialiser and content type.
      return sendJsonText(reply.type('application/json; charset=utf-8'), body.json);
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
