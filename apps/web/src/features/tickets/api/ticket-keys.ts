/** Query keys of the tickets feature (also read by the ticket guard: a loaded list = tickets loaded). */
import type { TicketListFilter } from '../ticket-model.ts';

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: ['tickets', 'list'] as const,
  list: (filter: TicketListFilter) => [...ticketKeys.lists, filter] as const,
  details: (id: number) => [...ticketKeys.all, 'details', id] as const,
};
