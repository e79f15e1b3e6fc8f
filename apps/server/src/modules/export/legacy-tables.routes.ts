/** GET /site/legacy-table: the rows of a legacy dashboard table as JSON (the .xlsx is the export's). */
import { legacyEndpoints } from '@towerwatch/contract';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { ExportService } from './export.service.ts';

export function registerLegacyTableRoutes(app: App, service: ExportService): void {
  route(app, legacyEndpoints.legacyTable, {
    rule: rules.signedIn({ access: ['rms'] }),
    handler: (req) => service.legacyTable(callerOf(req), req.query),
  });
}
