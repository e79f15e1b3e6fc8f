/** OEM routes: a site's rectifier and BMS data (site scope), fleet records (operators), bank health. */
import { oemEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { BankHealthService } from './bank-health.service.ts';
import type { OemService } from './oem.service.ts';

/** Site OEM calls: any signed-in user who can see the site (the service answers 404 otherwise). */
const siteRule = rules.signedIn();
/** The fleet's raw records: operators (the admin guard's user types, docs/requirements.md#route-guards). */
const operatorRule = rules.signedIn({ userTypes: ['sudo', 'support'] });

export function registerOemRoutes(app: App, oem: OemService, banks: BankHealthService): void {
  route(app, e.rectifierInfo, {
    rule: siteRule,
    handler: (req) => oem.rectifierInfo(callerOf(req), req.query.siteUid),
  });
  route(app, e.rectifierAlarm, {
    rule: siteRule,
    handler: (req) => oem.rectifierAlarm(callerOf(req), req.query.siteUid),
  });
  route(app, e.rectifierMeasurement, {
    rule: siteRule,
    handler: (req) => oem.rectifierMeasurement(callerOf(req), req.query),
  });
  route(app, e.rectifierSetting, {
    rule: siteRule,
    handler: (req) => oem.rectifierSetting(callerOf(req), req.query.siteUid),
  });
  route(app, e.bmsAlarm, { rule: siteRule, handler: (req) => oem.bmsAlarm(callerOf(req), req.query) });
  route(app, e.bmsMeasurement, {
    rule: siteRule,
    handler: (req) => oem.bmsMeasurement(callerOf(req), req.query),
  });
  route(app, e.event, { rule: siteRule, handler: (req) => oem.events(callerOf(req), req.query) });
  route(app, e.eventCount, {
    rule: siteRule,
    handler: (req) => oem.eventCount(callerOf(req), req.query.siteUid),
  });
  route(app, e.oemRecords, { rule: operatorRule, handler: (req) => oem.records(callerOf(req), req.query) });
  route(app, e.bankHealth, {
    rule: rules.signedIn({ access: ['rms'] }),
    handler: (req) => banks.ranking(callerOf(req), req.query),
  });
  route(app, e.bankHealthExport, {
    rule: rules.signedIn({ access: ['rms'] }),
    handler: async (req, reply) => {
      const file = await banks.workbook(callerOf(req), req.query);
      return reply
        .type(e.bankHealthExport.reply.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.data);
    },
  });
}
