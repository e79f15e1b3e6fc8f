import { queryOptions } from '@tanstack/react-query';
import {
  accessEndpoints,
  type GroupLinkBody,
  type SaveCardBody,
  type SaveCardGroupBody,
  type SaveSiteGroupBody,
} from '@towerwatch/contract';
import { apiCall } from '../../../lib/api-client.ts';

/** Query keys of Manage Access. */
export const manageKeys = {
  all: ['access-manage'] as const,
  cards: () => [...manageKeys.all, 'cards'] as const,
  cardGroups: () => [...manageKeys.all, 'card-groups'] as const,
  siteGroups: () => [...manageKeys.all, 'site-groups'] as const,
  ledger: (cardNumber: string) => [...manageKeys.all, 'ledger', cardNumber] as const,
};

/** GET /door/manage/card/list: every card of the company. */
export const cardListQueryOptions = () =>
  queryOptions({
    queryKey: manageKeys.cards(),
    queryFn: ({ signal }) => apiCall(accessEndpoints.cardList, { query: {}, signal }),
  });

/** GET /door/manage/card/group-list. */
export const cardGroupListQueryOptions = () =>
  queryOptions({
    queryKey: manageKeys.cardGroups(),
    queryFn: ({ signal }) => apiCall(accessEndpoints.cardGroupList, { query: {}, signal }),
  });

/** GET /door/manage/site/group-list: site groups, and the sites with their attachments and sync state. */
export const siteGroupListQueryOptions = () =>
  queryOptions({
    queryKey: manageKeys.siteGroups(),
    queryFn: ({ signal }) => apiCall(accessEndpoints.siteGroupList, { query: {}, signal }),
  });

/** GET /door/access/card-ledger: where the card opens a door now, which sites still hold it. */
export const cardLedgerQueryOptions = (cardNumber: string) =>
  queryOptions({
    queryKey: manageKeys.ledger(cardNumber),
    queryFn: ({ signal }) =>
      apiCall(accessEndpoints.cardLedger, { query: { card_number: cardNumber }, signal }),
  });

/** POST /door/manage/attach-groups. */
export const attachGroups = (body: GroupLinkBody) => apiCall(accessEndpoints.attachGroups, { body });
/** POST /door/manage/detach-groups. */
export const detachGroups = (body: GroupLinkBody) => apiCall(accessEndpoints.detachGroups, { body });
/** POST /door/manage/card/save. */
export const saveCard = (body: SaveCardBody) => apiCall(accessEndpoints.saveCard, { body });
/** POST /door/access/master-remove. */
export const masterRemove = (cardNumber: string) =>
  apiCall(accessEndpoints.masterRemove, { body: { card_number: cardNumber } });
/** POST /door/manage/card/save-group. */
export const saveCardGroup = (body: SaveCardGroupBody) => apiCall(accessEndpoints.saveCardGroup, { body });
/** POST /door/manage/site/save-group. */
export const saveSiteGroup = (body: SaveSiteGroupBody) => apiCall(accessEndpoints.saveSiteGroup, { body });
/** POST /door/manage/card/delete-group. */
export const deleteCardGroup = (groupId: number) =>
  apiCall(accessEndpoints.deleteCardGroup, { body: { groupId } });
/** POST /door/manage/site/delete-group. */
export const deleteSiteGroup = (groupId: number) =>
  apiCall(accessEndpoints.deleteSiteGroup, { body: { groupId } });
