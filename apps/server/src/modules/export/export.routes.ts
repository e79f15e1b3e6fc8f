/** POST /site/excel-export: replies with the .xlsx bytes as an attachment; GET /site/legacy-table. */
import { excelExportBody, SITE_API_PATHS as P, XLSX_CONTENT_TYPE } from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf, requireAccess } from '../../auth/guards.ts';
import type { Container } from '../../composition.ts';
import { createSiteRepository } from '../site/site.repository.ts';
import { createExportRepository } from './export.repository.ts';
import { createExportService } from './export.service.ts';
import { registerLegacyTableRoutes } from './legacy-tables.routes.ts';

export function registerExportRoutes(app: App, c: Container): void {
  const service = createExportService({
    exports: createExportRepository(c.pool),
    sites: createSiteRepository(c.pool),
    clock: c.clock,
  });
  app.post(
    P.excelExport,
    { schema: { tags: ['export'], body: excelExportBody }, preHandler: [requireAccess('rms')] },
    async (req, reply) => {
      const file = await service.export(callerOf(req), req.body);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.data);
    },
  );
  registerLegacyTableRoutes(app, service);
}
