/** Endpoint table of the legacy dashboard: its ranking tables as JSON (the .xlsx is `excelExport`). */
import { legacyTableQuery, legacyTableReply } from '../legacy.ts';
import { endpoint } from './define.ts';

export const legacyEndpoints = {
  legacyTable: endpoint({
    method: 'GET',
    path: '/site/legacy-table',
    summary: 'Rows of a legacy dashboard table (energy, climate, voltage), as its export holds them',
    tags: ['export'],
    query: legacyTableQuery,
    reply: legacyTableReply,
  }),
} as const;
