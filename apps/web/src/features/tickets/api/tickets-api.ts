/** Ticket calls (docs/api.md "Tickets"): the infinite list, details, create, update, attachments. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  type TicketCreateBody,
  type TicketListReply,
  type TicketUpdateBody,
  ticketEndpoints,
} from '@towerwatch/contract';
import { hasMorePages, TICKET_PAGE_SIZE } from '@towerwatch/domain';
import { apiCall } from '../../../lib/api-client.ts';
import type { TicketListFilter } from '../ticket-model.ts';
import { ticketKeys } from './ticket-keys.ts';

export { ticketKeys };

/** The list, page by page (an infinite list: another page exists while the last one was full). */
export const ticketListQueryOptions = (filter: TicketListFilter) =>
  infiniteQueryOptions({
    queryKey: ticketKeys.list(filter),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiCall(ticketEndpoints.list, {
        query: {
          page: pageParam,
          limit: TICKET_PAGE_SIZE,
          status: filter.status.length ? filter.status : undefined,
          site_uid: filter.siteUid ?? undefined,
          assignee: filter.assignee ?? undefined,
          search: filter.search.trim() || undefined,
        },
        signal,
      }),
    getNextPageParam: (last: TicketListReply, pages) =>
      hasMorePages(last.items.length, TICKET_PAGE_SIZE) ? pages.length + 1 : undefined,
  });

export const ticketDetailsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ticketKeys.details(id),
    queryFn: ({ signal }) => apiCall(ticketEndpoints.details, { query: { id }, signal }),
  });

export const createTicket = (body: TicketCreateBody) => apiCall(ticketEndpoints.create, { body });
export const updateTicket = (body: TicketUpdateBody) => apiCall(ticketEndpoints.update, { body });
export const attachToTicket = (body: { ticketId: number; name: string; contentType: string; data: string }) =>
  apiCall(ticketEndpoints.attach, { body: body as never });
export const ticketAttachment = (id: number) => apiCall(ticketEndpoints.attachment, { query: { id } });
