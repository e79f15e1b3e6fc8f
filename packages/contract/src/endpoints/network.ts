/** Endpoint table of the network: events, dashboard counts, availability. */
import { dashboardCountQuery, dashboardCountReply, statusCountsReply } from '../dashboard.ts';
import {
  acknowledgeEventBody,
  acknowledgeEventReply,
  lastEventsQuery,
  lastEventsReply,
  networkAvailabilityQuery,
  networkAvailabilityReply,
  networkEventsQuery,
  networkEventsReply,
} from '../network.ts';
import { eventPageReply, siteEventsQuery } from '../site-queries.ts';
import { endpoint } from './define.ts';

const eventTags = ['events'];
const tags = ['network'];

export const networkEndpoints = {
  siteEvents: endpoint({
    method: 'GET',
    path: '/user/site/events',
    summary: "A site's events, newest first, 100 per page below a cursor",
    tags: eventTags,
    query: siteEventsQuery,
    reply: eventPageReply,
  }),
  networkEvents: endpoint({
    method: 'GET',
    path: '/user/network/events',
    summary: 'Events of every site of the caller, newest first',
    tags: eventTags,
    query: networkEventsQuery,
    reply: networkEventsReply,
  }),
  lastEvents: endpoint({
    method: 'GET',
    path: '/user/network/last-events',
    summary: 'The latest events per site',
    tags: eventTags,
    query: lastEventsQuery,
    reply: lastEventsReply,
  }),
  acknowledgeEvent: endpoint({
    method: 'POST',
    path: '/user/network/acknowledge-event',
    summary: 'Acknowledge an event',
    tags: eventTags,
    body: acknowledgeEventBody,
    reply: acknowledgeEventReply,
  }),
  statusCounts: endpoint({
    method: 'GET',
    path: '/user/site/status-counts',
    summary: 'Dashboard tile counts (power, DC power, alarms, access, DG, mains, battery, temperature)',
    tags,
    query: dashboardCountQuery,
    reply: statusCountsReply,
  }),
  dashboardCount: endpoint({
    method: 'GET',
    path: '/user/network/dashboard-count',
    summary: 'Site, alarm and DC load counts',
    tags,
    query: dashboardCountQuery,
    reply: dashboardCountReply,
  }),
  networkAvailability: endpoint({
    method: 'GET',
    path: '/user/network/availability',
    summary: 'Network availability per day (Asia/Dhaka)',
    tags,
    query: networkAvailabilityQuery,
    reply: networkAvailabilityReply,
  }),
} as const;
