/** Endpoint table of support tickets (docs/requirements.md#ticket-calls). */
import {
  slaSettingsBody,
  slaSettingsQuery,
  slaSettingsReply,
  ticketAttachmentBody,
  ticketAttachmentDataReply,
  ticketAttachmentQuery,
  ticketAttachmentReply,
  ticketCreateBody,
  ticketCreateReply,
  ticketDetailsQuery,
  ticketDetailsReply,
  ticketListQuery,
  ticketListReply,
  ticketUpdateBody,
  ticketUpdateReply,
} from '../tickets.ts';
import { endpoint } from './define.ts';

const tags = ['tickets'];

export const ticketEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/ticket/api/ticket-list',
    summary:
      "Tickets of the caller's sites, newest first: total and one page (filters: status, site, assignee, search)",
    tags,
    query: ticketListQuery,
    reply: ticketListReply,
  }),
  create: endpoint({
    method: 'POST',
    path: '/ticket/api/ticket-create',
    summary: 'Open a ticket (or link the alarm to its open ticket); a list whose first item is the ticket',
    tags,
    body: ticketCreateBody,
    reply: ticketCreateReply,
  }),
  update: endpoint({
    method: 'POST',
    path: '/ticket/api/ticket-update',
    summary: 'Change status (allowed transitions), assignee or fields of a ticket, or append a note',
    tags,
    body: ticketUpdateBody,
    reply: ticketUpdateReply,
  }),
  details: endpoint({
    method: 'GET',
    path: '/ticket/api/ticket-details',
    summary: 'A ticket with its history, notes, attachments, alarm timeline and door records',
    tags,
    query: ticketDetailsQuery,
    reply: ticketDetailsReply,
  }),
  attach: endpoint({
    method: 'POST',
    path: '/ticket/api/ticket-attachment',
    summary: 'Attach an image (base64, up to the size cap) to a ticket',
    tags,
    body: ticketAttachmentBody,
    reply: ticketAttachmentReply,
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/ticket/api/ticket-attachment',
    summary: "One attachment's image (base64)",
    tags,
    query: ticketAttachmentQuery,
    reply: ticketAttachmentDataReply,
  }),
  slaSettings: endpoint({
    method: 'GET',
    path: '/ticket/api/sla-settings',
    summary: "The company's SLA targets per severity (defaults when not set)",
    tags,
    query: slaSettingsQuery,
    reply: slaSettingsReply,
  }),
  slaSettingsSave: endpoint({
    method: 'POST',
    path: '/ticket/api/sla-settings',
    summary: "Set the company's SLA targets per severity (tickets opened afterwards use them)",
    tags,
    body: slaSettingsBody,
    reply: slaSettingsReply,
  }),
} as const;
