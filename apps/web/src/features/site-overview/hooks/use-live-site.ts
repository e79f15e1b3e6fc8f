import type { SiteAlarmsReply, SiteDetailsReply } from '@towerwatch/contract';
import { LIVE_EVENTS } from '@towerwatch/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { patchLiveQuery } from '../../../lib/live-query.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { siteAlarmsQueryOptions, siteDetailsQueryOptions } from '../api/site-overview-api.ts';
import { applyPinValue, type LiveExtras } from '../site-overview-model.ts';

/**
 * The focused site's details and alarms, kept live from the one socket: pin readings (mains phases,
 * DG/PG, access, battery voltage/current) patch the pin values, SITE_STATUS_UPDATED replaces the
 * alarms and DC load, SITE_CONFIG_UPDATED refetches the details; backup time and climate are kept
 * beside them.
 */
export function useLiveSite(siteUid: string) {
  const queryClient = useQueryClient();
  const detailsOptions = siteDetailsQueryOptions(siteUid);
  const alarmsOptions = siteAlarmsQueryOptions(siteUid);
  const details = useQuery(detailsOptions);
  const alarms = useQuery(alarmsOptions);
  const [extras, setExtras] = useState<LiveExtras>({ backupMinutes: null });

  const patchPin = (comId: string, pinName: string, value: number, time: string) =>
    patchLiveQuery<SiteDetailsReply>(queryClient, detailsOptions.queryKey, (previous) => ({
      ...previous,
      pinConfigs: applyPinValue(previous.pinConfigs, comId, pinName, value, time),
    }));

  useLiveMessages((message) => {
    const payload = message.payload as { siteUid?: string };
    if (payload.siteUid !== siteUid) return;
    switch (message.event) {
      case LIVE_EVENTS.MAIN_PHASE_VOLTAGE:
        patchPin(
          message.payload.comId,
          message.payload.pinName,
          message.payload.voltage,
          message.payload.time,
        );
        break;
      case LIVE_EVENTS.BATTERY_TERMINAL_VOLTAGE:
        patchPin(
          message.payload.comId,
          message.payload.pinName,
          message.payload.voltage,
          message.payload.time,
        );
        break;
      case LIVE_EVENTS.BATTERY_CURRENT:
        patchPin(
          message.payload.comId,
          message.payload.pinName,
          message.payload.ampere,
          message.payload.time,
        );
        break;
      case LIVE_EVENTS.DG_STATUS:
      case LIVE_EVENTS.PG_STATUS:
      case LIVE_EVENTS.ACCESS_STATUS:
        patchPin(
          message.payload.comId,
          message.payload.pinName,
          message.payload.status,
          message.payload.time,
        );
        break;
      case LIVE_EVENTS.BATTERY_BACKUP_TIME_LEFT:
        setExtras((previous) => ({ ...previous, backupMinutes: message.payload.minutes }));
        break;
      case LIVE_EVENTS.SITE_TEMPERATURE_HUMIDITY:
        setExtras((previous) => ({
          ...previous,
          temperature: message.payload.temperature,
          humidity: message.payload.humidity,
        }));
        break;
      case LIVE_EVENTS.SITE_STATUS_UPDATED: {
        const { alarms: next, dcLoad } = message.payload;
        patchLiveQuery<SiteAlarmsReply>(queryClient, alarmsOptions.queryKey, (previous) => ({
          ...previous,
          items: next,
        }));
        patchLiveQuery<SiteDetailsReply>(queryClient, detailsOptions.queryKey, (previous) => ({
          ...previous,
          siteInfo: { ...previous.siteInfo, alarms: next, dc_load: dcLoad },
        }));
        break;
      }
      case LIVE_EVENTS.SITE_CONFIG_UPDATED:
        void queryClient.invalidateQueries({ queryKey: detailsOptions.queryKey });
        void queryClient.invalidateQueries({ queryKey: alarmsOptions.queryKey });
        break;
      default:
        break;
    }
  });

  return { details, alarms, extras };
}
