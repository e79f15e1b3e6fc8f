/**
 * Access-control routes (docs/requirements.md#access-calls): every call needs the `acs` access role;
 * writes refuse read-only users with the spec's toast (docs/requirements.md#restricted-actions).
 */
import { accessEndpoints as e } from '@towerwatch/contract';
import { ACCESS_ACTIONS } from '@towerwatch/domain';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { AccessService } from './access.service.ts';
import type { ManageService } from './manage.service.ts';

const read = rules.signedIn({ access: ['acs'] });
const write = (action: string) => rules.signedIn({ denyReadOnly: action, access: ['acs'] });

export function registerAccessRoutes(app: App, access: AccessService, manage: ManageService): void {
  route(app, e.openHours, { rule: read, handler: (req) => access.openHours(callerOf(req), req.query) });
  route(app, e.doorEvents, { rule: read, handler: (req) => access.doorEvents(callerOf(req), req.query) });
  route(app, e.fetchRecords, { rule: read, handler: (req) => access.fetchRecords(callerOf(req), req.query) });
  route(app, e.fetchCards, { rule: read, handler: (req) => access.fetchCards(callerOf(req), req.query) });
  route(app, e.addCard, {
    rule: write(ACCESS_ACTIONS.addCard),
    handler: (req) => access.addCard(callerOf(req), req.body),
  });
  route(app, e.deleteCard, {
    rule: write(ACCESS_ACTIONS.deleteCard),
    handler: (req) => access.deleteCard(callerOf(req), req.body.access_id),
  });
  route(app, e.masterRemove, {
    rule: write(ACCESS_ACTIONS.masterRemove),
    handler: (req) => access.masterRemove(callerOf(req), req.body),
  });
  route(app, e.clearCards, {
    rule: write(ACCESS_ACTIONS.clearCards),
    handler: (req) => access.clearCards(callerOf(req), req.body.siteUid),
  });
  route(app, e.cardLedger, { rule: read, handler: (req) => access.cardLedger(callerOf(req), req.query) });
  route(app, e.siteGroupList, {
    rule: read,
    handler: (req) => manage.siteGroupList(callerOf(req), req.query.userUid),
  });
  route(app, e.saveSiteGroup, {
    rule: write(ACCESS_ACTIONS.saveSiteGroup),
    handler: (req) => manage.saveSiteGroup(callerOf(req), req.body),
  });
  route(app, e.deleteSiteGroup, {
    rule: write(ACCESS_ACTIONS.deleteSiteGroup),
    handler: (req) => manage.deleteGroup(callerOf(req), 'site', req.body.groupId),
  });
  route(app, e.cardList, { rule: read, handler: (req) => manage.cardList(callerOf(req), req.query.userUid) });
  route(app, e.attachedCardGroup, {
    rule: read,
    handler: (req) => manage.attachedCardGroup(callerOf(req), req.query.groupId),
  });
  route(app, e.saveCard, {
    rule: write(ACCESS_ACTIONS.saveCard),
    handler: (req) => manage.saveCard(callerOf(req), req.body),
  });
  route(app, e.cardGroupList, {
    rule: read,
    handler: (req) => manage.cardGroupList(callerOf(req), req.query.userUid),
  });
  route(app, e.saveCardGroup, {
    rule: write(ACCESS_ACTIONS.saveCardGroup),
    handler: (req) => manage.saveCardGroup(callerOf(req), req.body),
  });
  route(app, e.deleteCardGroup, {
    rule: write(ACCESS_ACTIONS.deleteCardGroup),
    handler: (req) => manage.deleteGroup(callerOf(req), 'card', req.body.groupId),
  });
  route(app, e.attachGroups, {
    rule: write(ACCESS_ACTIONS.attach),
    handler: (req) => manage.link(callerOf(req), req.body, true),
  });
  route(app, e.detachGroups, {
    rule: write(ACCESS_ACTIONS.detach),
    handler: (req) => manage.link(callerOf(req), req.body, false),
  });
}
