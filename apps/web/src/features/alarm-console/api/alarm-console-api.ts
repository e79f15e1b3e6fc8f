import { type AlarmConsoleReply, alarmConsoleEndpoints } from '@towerwatch/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { type ConsoleFilter, filterQuery } from '../alarm-console-model.ts';

/** GET /user/alarm-console: one page after `cursor`. */
export function fetchConsolePage(
  filter: ConsoleFilter,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<AlarmConsoleReply> {
  return apiCall(alarmConsoleEndpoints.page, {
    query: { ...filterQuery(filter), cursor: cursor ?? undefined, limit },
    signal,
    progress: false,
  });
}

/** POST /user/alarm-console/acknowledge. */
export function acknowledgeMany(eventIds: number[]) {
  return apiCall(alarmConsoleEndpoints.acknowledge, { body: { eventIds } });
}

/** GET /user/alarm-console/export: the filtered rows as an .xlsx Blob. */
export function exportConsole(filter: ConsoleFilter): Promise<Blob> {
  return apiCall(alarmConsoleEndpoints.export, { query: filterQuery(filter) }) as Promise<Blob>;
}
