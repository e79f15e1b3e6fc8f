import { ROUTES } from '@towerwatch/domain';
import { defineFeatureRoutes } from '../../lib/feature-routes.ts';

/**
 * Support tickets (docs/requirements.md#ticket-screens): the list, a new ticket, and a ticket's
 * details behind the ticket guard (no tickets loaded → /ticket). Reached from a site's alarms page.
 */
export const ticketRoutes = defineFeatureRoutes({
  feature: 'tickets',
  routes: [
    {
      path: ROUTES.ticket,
      guards: ['user', 'setup'],
      title: 'Tickets',
      page: () => import('./pages/ticket-list-page.tsx').then((m) => m.TicketListPage),
    },
    {
      path: ROUTES.ticketCreate,
      guards: ['user', 'setup'],
      title: 'New Ticket',
      page: () => import('./pages/ticket-create-page.tsx').then((m) => m.TicketCreatePage),
    },
    {
      path: ROUTES.ticketDetails,
      guards: ['user', 'setup', 'ticket'],
      title: 'Ticket',
      page: () => import('./pages/ticket-details-page.tsx').then((m) => m.TicketDetailsPage),
    },
  ],
});
