/** Routes of the tenant SLA report and scheduled reports (who may call what: docs/api.md "Tenant SLA"). */
import { analyticsSlaEndpoints as e, XLSX_CONTENT_TYPE } from '@towerwatch/contract';
import { REPORT_SCHEDULER_TYPES } from '@towerwatch/domain';
import { callerOf } from '../../kernel/http/guards.ts';
import { closingWith, jsonStream } from '../../kernel/http/json-stream.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import { xlsxStream } from '../../kernel/xlsx/index.ts';
import type { SchedulesService } from './schedules.service.ts';
import type { SlaService } from './sla.service.ts';
import { slaWorkbook } from './sla-xlsx.ts';

const admins = rules.signedIn({ userTypes: REPORT_SCHEDULER_TYPES });

export function registerAnalyticsSlaRoutes(app: App, sla: SlaService, schedules: SchedulesService): void {
  route(app, e.slaReport, {
    rule: rules.signedIn({ access: ['rms'] }),
    handler: async (req, reply) => {
      const caller = callerOf(req);
      const result = await sla.report(caller, req.query);
      if (req.query.excel !== 'yes') {
        // Written row by row (kernel/http/json-stream.ts), the breach rows read back from their spool;
        // the stream bypasses the reply schema, the rows are the contract's (sla-stream.test.ts).
        const { tenants, ...head } = result.report;
        return reply
          .type('application/json; charset=utf-8')
          .send(
            closingWith(
              jsonStream(head, { tenants, breaches: result.breaches.rows() }),
              result.close,
            ) as never,
          );
      }
      const book = slaWorkbook(result, {
        scope: req.query.user_uid ?? caller.companyCode ?? 'all companies',
        tenant: req.query.tenant ?? null,
      });
      // The stream bypasses the JSON reply schema (Fastify sends a stream as it is).
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="tenant-sla-${result.report.months.join('_')}.xlsx"`,
        )
        .send(closingWith(xlsxStream(book), result.close) as never);
    },
  });
  route(app, e.schedules, { rule: admins, handler: (req) => schedules.list(callerOf(req)) });
  route(app, e.createSchedule, { rule: admins, handler: (req) => schedules.create(callerOf(req), req.body) });
  route(app, e.deleteSchedule, {
    rule: admins,
    handler: (req) => schedules.remove(callerOf(req), req.params.id),
  });
  route(app, e.producedReports, {
    rule: admins,
    handler: (req) => schedules.produced(callerOf(req), req.query.month),
  });
  route(app, e.producedReportFile, {
    rule: admins,
    handler: async (req, reply) => {
      const file = await schedules.file(callerOf(req), req.params.id);
      return reply
        .type(e.producedReportFile.reply.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.data);
    },
  });
}
