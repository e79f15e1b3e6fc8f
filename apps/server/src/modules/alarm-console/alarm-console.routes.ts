/** Alarm console routes: a page, bulk acknowledge, .xlsx export (docs/requirements.md#alarm-console). */
import { alarmConsoleEndpoints as e } from '@towerwatch/contract';
import { dhakaDate } from '@towerwatch/domain';
import type { Clock } from '../../clock.ts';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import { xlsxStream } from '../../kernel/xlsx/index.ts';
import { consoleWorkbook } from './alarm-console-xlsx.ts';
import type { AlarmConsoleService } from './alarm-console.service.ts';

/** Monitoring users and read-only users (domain `canUseAlarmConsole`). */
const CONSOLE_USERS = ['company', 'employee', 'superuser', 'read_only'] as const;

export function registerAlarmConsoleRoutes(app: App, service: AlarmConsoleService, clock: Clock): void {
  route(app, e.page, {
    rule: rules.signedIn({ userTypes: CONSOLE_USERS }),
    handler: (req) => service.page(callerOf(req), req.query),
  });
  route(app, e.acknowledge, {
    rule: rules.signedIn({ denyReadOnly: 'acknowledge the event', userTypes: CONSOLE_USERS }),
    handler: (req) => service.acknowledge(callerOf(req), req.body.eventIds),
  });
  route(app, e.export, {
    rule: rules.signedIn({ userTypes: CONSOLE_USERS }),
    handler: async (req, reply) => {
      const caller = callerOf(req);
      const rows = await service.exportRows(caller, req.query);
      const now = clock.now();
      const book = consoleWorkbook(rows, req.query, { companyCode: caller.companyCode, now });
      // The stream bypasses the JSON reply schema (Fastify sends a stream as it is).
      return reply
        .type(e.export.reply.contentType)
        .header(
          'content-disposition',
          `attachment; filename="alarms-${req.query.view}-${dhakaDate(now)}.xlsx"`,
        )
        .send(xlsxStream(book) as never);
    },
  });
}
