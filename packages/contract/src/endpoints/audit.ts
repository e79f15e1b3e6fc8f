/** Endpoint table of the audit log (operators and company admins; docs/api.md "Audit log"). */
import { auditListQuery, auditListReply } from '../audit.ts';
import { endpoint } from './define.ts';

export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/user/audit/list',
    summary: 'Security-relevant actions, newest first (operators: all; company admins: their company)',
    tags: ['audit'],
    query: auditListQuery,
    reply: auditListReply,
  }),
} as const;
