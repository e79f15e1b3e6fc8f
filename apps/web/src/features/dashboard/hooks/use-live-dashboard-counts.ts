import {
  type DashboardCountReply,
  LIVE_COUNT_EVENTS,
  LIVE_EVENTS,
  type StatusCountsReply,
} from '@towerwatch/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { LiveMessage } from '../../../lib/live-client.ts';
import { patchLiveQuery } from '../../../lib/live-query.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { dashboardKeys } from '../api/dashboard-api.ts';

const COUNT_EVENTS: readonly string[] = LIVE_COUNT_EVENTS;

function patchStatus(message: LiveMessage, counts: StatusCountsReply): StatusCountsReply {
  switch (message.event) {
    case LIVE_EVENTS.POWER_COUNT:
      return { ...counts, power: message.payload };
    case LIVE_EVENTS.DC_POWER_COUNT:
      return { ...counts, dcPower: message.payload };
    case LIVE_EVENTS.ALARM_COUNT:
      return { ...counts, alarm: message.payload };
    case LIVE_EVENTS.ACCESS_COUNT:
      return { ...counts, access: message.payload };
    case LIVE_EVENTS.MAINS_AVAILABLE_COUNT:
      return { ...counts, mains: message.payload };
    case LIVE_EVENTS.DG_RUNNING_COUNT:
      return { ...counts, dg: message.payload };
    case LIVE_EVENTS.TEMPERATURE_WISE_COUNT:
      return { ...counts, temperature: message.payload };
    case LIVE_EVENTS.BATTERY_BACKUP_COUNT:
      return { ...counts, battery: message.payload };
    default:
      return counts;
  }
}

function patchDashboard(message: LiveMessage, counts: DashboardCountReply): DashboardCountReply {
  if (message.event === LIVE_EVENTS.ALARM_COUNT) return { ...counts, alarmCount: message.payload };
  if (message.event === LIVE_EVENTS.DC_POWER_COUNT) return { ...counts, dcLoadCount: message.payload };
  return counts;
}

/**
 * Keeps the dashboard counts live (issue 5 §5). The socket's counts cover all of the user's allowed
 * tenants, so on the business dashboard they replace the HTTP values one to one; on a tenant
 * dashboard they only trigger a (coalesced) refetch of that tenant's counts.
 */
export function useLiveDashboardCounts(tenant: string | null): void {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refetchSoon = () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.statusCounts(tenant) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.dashboardCount(tenant) });
    }, 500);
  };

  useLiveMessages((message) => {
    if (message.event === LIVE_EVENTS.SITE_CONFIG_UPDATED) return refetchSoon();
    if (!COUNT_EVENTS.includes(message.event)) return;
    if (tenant !== null) return refetchSoon();
    // A count read in flight may predate this change: read again once it lands (lib/live-query.ts).
    patchLiveQuery<StatusCountsReply>(queryClient, dashboardKeys.statusCounts(null), (counts) =>
      patchStatus(message, counts),
    );
    patchLiveQuery<DashboardCountReply>(queryClient, dashboardKeys.dashboardCount(null), (counts) =>
      patchDashboard(message, counts),
    );
  });
}
