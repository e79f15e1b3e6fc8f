import { type AccessRecord, LIVE_EVENTS, type SiteEvent } from '@towerwatch/contract';
import { type DomainUser, isAccessEvent, isEventKindVisible } from '@towerwatch/domain';
import { fetchDoorEventPage, fetchRecordPage } from '../api/access-api.ts';
import { type PagedLiveList, usePagedLiveList } from './use-paged-live-list.ts';

/** The access records of the open site. */
export type AccessRecordsState = PagedLiveList<AccessRecord>;

/**
 * Access records of a site (docs/requirements.md#access-records): pages of 100 downward; live
 * RMS_ACCESS_RECORD messages (the full record) prepended, or replacing the record of the same id.
 */
export function useAccessRecords(siteUid: string): AccessRecordsState {
  return usePagedLiveList(
    siteUid,
    (oldestId) => fetchRecordPage(siteUid, oldestId),
    (message) =>
      message.event === LIVE_EVENTS.RMS_ACCESS_RECORD && message.payload.siteUid === siteUid
        ? message.payload
        : null,
  );
}

/**
 * Door and lock events of a site (GET /door/api/events, docs/requirements.md#access-events): pages of
 * 100 downward; live SITE_EVENT messages of the access kinds the user may see prepended.
 */
export function useDoorEvents(
  siteUid: string,
  user: Pick<DomainUser, 'type' | 'tenants'>,
): PagedLiveList<SiteEvent> {
  return usePagedLiveList(
    siteUid,
    (oldestId) => fetchDoorEventPage(siteUid, oldestId),
    (message) =>
      message.event === LIVE_EVENTS.SITE_EVENT &&
      message.payload.siteUid === siteUid &&
      isAccessEvent(message.payload.name) &&
      isEventKindVisible(user, message.payload.name)
        ? (message.payload as SiteEvent)
        : null,
  );
}
