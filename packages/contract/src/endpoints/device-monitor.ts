/** Endpoint table of device monitoring (operators): pulse and health of every controller. */
import { healthListQuery, healthListReply, pulseListQuery, pulseListReply } from '../device-monitor.ts';
import { endpoint } from './define.ts';

const tags = ['device monitoring'];

export const deviceMonitorEndpoints = {
  pulseList: endpoint({
    method: 'GET',
    path: '/user/pulse/list',
    summary: 'Every controller with its liveness and message rate (operators)',
    tags,
    query: pulseListQuery,
    reply: pulseListReply,
  }),
  healthList: endpoint({
    method: 'GET',
    path: '/user/health/list',
    summary:
      'Every controller with liveness, flapping, refused messages, firmware and service string (operators)',
    tags,
    query: healthListQuery,
    reply: healthListReply,
  }),
} as const;
