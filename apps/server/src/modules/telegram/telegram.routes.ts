/** Messaging-group routes (docs/requirements.md#messaging-calls): the `telegram` role; writes refused to read-only. */
import { telegramEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { LinksService } from './links.ts';
import type { TelegramService } from './telegram.service.ts';

const read = rules.signedIn({ access: ['telegram'] });
const write = rules.signedIn({ denyReadOnly: 'manage messaging groups', access: ['telegram'] });

export function registerTelegramRoutes(app: App, groups: TelegramService, links: LinksService): void {
  route(app, e.groups, { rule: read, handler: (req) => groups.list(callerOf(req), req.query.company_id) });
  route(app, e.groupDetails, {
    rule: read,
    handler: (req) => groups.details(callerOf(req), req.query.chat_id),
  });
  route(app, e.updateGroup, {
    rule: write,
    handler: (req) => groups.update(callerOf(req), req.query.chat_id, req.body),
  });
  route(app, e.createGroup, { rule: write, handler: (req) => groups.create(callerOf(req), req.body) });
  for (const endpoint of [e.addSites, e.addSitesAlias]) {
    route(app, endpoint, {
      rule: write,
      handler: (req) => groups.addSites(callerOf(req), req.body.chat_id, req.body.site_uids),
    });
  }
  route(app, e.removeSite, {
    rule: write,
    handler: (req) => groups.removeSite(callerOf(req), req.query.chat_id, req.query.site_uid),
  });
  route(app, e.updateLink, {
    rule: write,
    handler: (req) => groups.updateLink(callerOf(req), req.query.chat_id),
  });
  route(app, e.deleteGroup, {
    rule: write,
    handler: (req) => groups.delete(callerOf(req), req.query.chat_id),
  });
  route(app, e.alarmSettings, {
    rule: read,
    handler: (req) => groups.details(callerOf(req), req.query.chat_id),
  });
  route(app, e.saveAlarmSettings, {
    rule: write,
    handler: (req) => groups.savePolicy(callerOf(req), req.query.chat_id, req.body),
  });
  route(app, e.deliveries, { rule: read, handler: (req) => groups.deliveries(callerOf(req), req.query) });
  route(app, e.link, { rule: rules.signedIn(), handler: (req) => links.status(callerOf(req)) });
  route(app, e.linkCode, {
    rule: rules.signedIn({ denyReadOnly: 'link Telegram' }),
    handler: (req) => links.newCode(callerOf(req)),
  });
}
