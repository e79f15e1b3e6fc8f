/** GET /site/legacy-table: the rows of a legacy dashboard table as JSON (the .xlsx is the export's). */
import { legacyEndpoints } from '@towerwatch/contract';
import type { App } from '../../app.ts';
import { callerOf, requireAccess } from '../../auth/guards.ts';
import type { ExportService } from './export.service.ts';

export function registerLegacyTableRoutes(app: App, service: ExportService): void {
  const e = legacyEndpoints.legacyTable;
  app.get(
    e.path,
    {
      schema: { tags: [...e.tags], querystring: e.query, response: { 200: e.reply } },
      preHandler: [requireAccess('rms')],
    },
    (req) => service.legacyTable(callerOf(req), req.query),
  );
}
