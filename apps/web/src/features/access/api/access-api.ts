import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type AccessRecordsReply,
  type AddCardBody,
  type AddCardReply,
  accessEndpoints,
  type ClearCardsReply,
  type DeleteCardReply,
  type EventPageReply,
  type OpenHoursReply,
  type SiteCardsReply,
} from '@towerwatch/contract';
import type { OpenHoursZoom } from '@towerwatch/domain';
import { apiCall } from '../../../lib/api-client.ts';

/** Query keys of the Access page. */
export const accessKeys = {
  all: ['access'] as const,
  cards: (siteUid: string) => [...accessKeys.all, 'cards', siteUid] as const,
  openHours: (siteUid: string, fromDate: string, untilDate: string, zoom: OpenHoursZoom) =>
    [...accessKeys.all, 'open-hours', siteUid, fromDate, untilDate, zoom] as const,
};

/** GET /door/access/fetch-records: one page (100, newest first) of records below `oldestId`. */
export function fetchRecordPage(
  siteUid: string,
  oldestId: number,
  signal?: AbortSignal,
): Promise<AccessRecordsReply> {
  return apiCall(accessEndpoints.fetchRecords, { query: { siteUid, oldestId }, signal, progress: false });
}

/** GET /door/api/events: one page (100, newest first) of the site's door and lock events below `oldestId`. */
export function fetchDoorEventPage(
  siteUid: string,
  oldestId: number,
  signal?: AbortSignal,
): Promise<EventPageReply> {
  return apiCall(accessEndpoints.doorEvents, { query: { siteUid, oldestId }, signal, progress: false });
}

/** GET /door/access/fetch-cards: one page of the site's cards and its access-list sync state. */
export function fetchCardPage(
  siteUid: string,
  oldestId: number,
  signal?: AbortSignal,
): Promise<SiteCardsReply> {
  return apiCall(accessEndpoints.fetchCards, { query: { siteUid, oldestId }, signal, progress: false });
}

/** GET /door/api/open-hours over a range, bucketed by `zoom`. */
export const openHoursQueryOptions = (
  siteUid: string,
  fromDate: string,
  untilDate: string,
  zoom: OpenHoursZoom,
) =>
  queryOptions({
    queryKey: accessKeys.openHours(siteUid, fromDate, untilDate, zoom),
    queryFn: ({ signal }): Promise<OpenHoursReply> =>
      apiCall(accessEndpoints.openHours, { query: { siteUid, fromDate, untilDate, zoom }, signal }),
    placeholderData: keepPreviousData,
  });

/** POST /door/access/add-card. */
export function addCard(body: AddCardBody): Promise<AddCardReply> {
  return apiCall(accessEndpoints.addCard, { body });
}

/** POST /door/access/clear-cards: the site's own cards and the attachments naming it end. */
export function clearCards(siteUid: string): Promise<ClearCardsReply> {
  return apiCall(accessEndpoints.clearCards, { body: { siteUid } });
}

/** POST /door/access/delete-card. */
export function deleteCard(accessId: number): Promise<DeleteCardReply> {
  return apiCall(accessEndpoints.deleteCard, { body: { access_id: accessId } });
}
