import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, type Ticket, type TicketListReply } from '@towerwatch/contract';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { ticketKeys } from '../api/ticket-keys.ts';
import { prependTicket, type TicketListFilter, ticketMatches } from '../ticket-model.ts';

/**
 * Live tickets (docs/requirements.md#ticket-live): RMS_TICKET_CREATE prepends the new ticket to every
 * loaded list it matches; RMS_TICKET_UPDATE refreshes the lists and that ticket's details.
 */
export function useLiveTickets(userUid: string): void {
  const queryClient = useQueryClient();
  useLiveMessages((message) => {
    if (message.event === LIVE_EVENTS.RMS_TICKET_CREATE) {
      const ticket = message.payload.ticket as Ticket | undefined;
      if (!ticket) {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
        return;
      }
      for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketKeys.lists })) {
        const filter = query.queryKey[2] as TicketListFilter | undefined;
        if (!filter || !ticketMatches(ticket, filter, userUid)) continue;
        queryClient.setQueryData<InfiniteData<TicketListReply>>(query.queryKey, (data) =>
          data ? { ...data, pages: prependTicket(data.pages, ticket) } : data,
        );
      }
    } else if (message.event === LIVE_EVENTS.RMS_TICKET_UPDATE) {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.details(Number(message.payload.id)) });
    }
  });
}
