/** POST /site/excel-export: replies with the .xlsx bytes as an attachment; GET /site/legacy-table. */
import { siteReportEndpoints as e } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { ExportService } from './export.service.ts';
import { registerLegacyTableRoutes } from './legacy-tables.routes.ts';

export function registerExportRoutes(app: App, service: ExportService): void {
  route(app, e.excelExport, {
    rule: rules.signedIn({ access: ['rms'] }),
    handler: async (req, reply) => {
      const file = await service.export(callerOf(req), req.body);
      return reply
        .type(e.excelExport.reply.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.data);
    },
  });
  registerLegacyTableRoutes(app, service);
}
