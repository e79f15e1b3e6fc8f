/**
 * The ticket guard's question (docs/requirements.md#guards guard 6): has a ticket list been loaded in
 * this session? Logout clears the query cache, so it forgets them. Read by app/guards.ts directly
 * (the guards run before any page; this file pulls no component into the first bundle).
 */
import { queryClient } from '../../lib/query-client.ts';
import { ticketKeys } from './api/ticket-keys.ts';

export function ticketsLoaded(): boolean {
  return queryClient.getQueriesData({ queryKey: ticketKeys.lists }).some(([, data]) => data !== undefined);
}
