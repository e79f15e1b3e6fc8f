/**
 * GET /analytics/{dg,mains,battery,temperature}-report: JSON, or with `excel=yes` the report streamed
 * as .xlsx (docs/api.md "Analytics"). Any signed-in user with the rms access role; the service scopes.
 */
import { analyticsEndpoints as e, XLSX_CONTENT_TYPE } from '@towerwatch/contract';
import { dhakaDate } from '@towerwatch/domain';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../../kernel/http/guards.ts';
import { closingWith, jsonStream } from '../../kernel/http/json-stream.ts';
import type { RowSpool } from '../../kernel/http/row-spool.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import { xlsxStream } from '../../kernel/xlsx/index.ts';
import type { AnalyticsService } from './analytics.service.ts';
import { type ReportForWorkbook, reportFileName, reportWorkbook } from './analytics-xlsx.ts';

/** The reply written as its rows are read back: JSON, or .xlsx when the query asks for `excel=yes`. */
function answer(
  reply: FastifyReply,
  excel: string | undefined,
  report: ReportForWorkbook & { sites: Pick<RowSpool<unknown, unknown>, 'rows' | 'close'> },
  schema: z.ZodObject,
): FastifyReply {
  const close = () => report.sites.close();
  if (excel !== 'yes') {
    // Written row by row (kernel/http/json-stream.ts): the stream bypasses the route's serialiser, so
    // the head and each row go through the reply schema there (the same bytes as before streaming).
    return reply
      .type('application/json; charset=utf-8')
      .send(closingWith(jsonStream(report.head, { sites: report.sites.rows() }, schema), close) as never);
  }
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${reportFileName(report.head, dhakaDate)}"`)
    .send(closingWith(xlsxStream(reportWorkbook(report)), close));
}

const rule = rules.signedIn({ access: ['rms'] });

export function registerAnalyticsRoutes(app: App, service: AnalyticsService): void {
  route(app, e.dgReport, {
    rule,
    handler: async (req, reply) =>
      answer(reply, req.query.excel, await service.dg(callerOf(req), req.query), e.dgReport.reply),
  });
  route(app, e.mainsReport, {
    rule,
    handler: async (req, reply) =>
      answer(reply, req.query.excel, await service.mains(callerOf(req), req.query), e.mainsReport.reply),
  });
  route(app, e.batteryReport, {
    rule,
    handler: async (req, reply) =>
      answer(reply, req.query.excel, await service.battery(callerOf(req), req.query), e.batteryReport.reply),
  });
  route(app, e.temperatureReport, {
    rule,
    handler: async (req, reply) =>
      answer(
        reply,
        req.query.excel,
        await service.temperature(callerOf(req), req.query),
        e.temperatureReport.reply,
      ),
  });
}
