/**
 * GET /analytics/{dg,mains,battery,temperature}-report: JSON, or with `excel=yes` the report streamed
 * as .xlsx (docs/api.md "Analytics"). Any signed-in user with the rms access role; the service scopes.
 */
import { analyticsEndpoints as e, XLSX_CONTENT_TYPE } from '@towerwatch/contract';
import { dhakaDate } from '@towerwatch/domain';
import type { FastifyReply } from 'fastify';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import { xlsxStream } from '../../kernel/xlsx/index.ts';
import type { AnalyticsService } from './analytics.service.ts';
import { reportFileName, reportWorkbook } from './analytics-xlsx.ts';

type Report = Parameters<typeof reportWorkbook>[0];

/** The reply as JSON, or streamed as .xlsx when the query asks for `excel=yes`. */
function answer<R extends Report>(
  reply: FastifyReply,
  excel: string | undefined,
  report: R,
): R | FastifyReply {
  if (excel !== 'yes') return report;
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${reportFileName(report, dhakaDate)}"`)
    .send(xlsxStream(reportWorkbook(report)));
}

const rule = rules.signedIn({ access: ['rms'] });

export function registerAnalyticsRoutes(app: App, service: AnalyticsService): void {
  route(app, e.dgReport, {
    rule,
    handler: async (req, reply) => answer(reply, req.query.excel, await service.dg(callerOf(req), req.query)),
  });
  route(app, e.mainsReport, {
    rule,
    handler: async (req, reply) =>
      answer(reply, req.query.excel, await service.mains(callerOf(req), req.query)),
  });
  route(app, e.batteryReport, {
    rule,
    handler: async (req, reply) =>
      answer(reply, req.query.excel, await service.battery(callerOf(req), req.query)),
  });
  route(app, e.temperatureReport, {
    rule,
    handler: async (req, reply) =>
      answer(reply, req.query.excel, await service.temperature(callerOf(req), req.query)),
  });
}
