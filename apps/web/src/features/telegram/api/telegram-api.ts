import { queryOptions } from '@tanstack/react-query';
import {
  type CreateTelegramGroupBody,
  telegramEndpoints as e,
  type NotificationPolicyBody,
  type UpdateTelegramGroupBody,
} from '@towerwatch/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/** Query keys of the messaging-group pages. */
export const telegramKeys = {
  all: ['telegram'] as const,
  groups: () => [...telegramKeys.all, 'groups'] as const,
  group: (chatId: number) => [...telegramKeys.all, 'group', chatId] as const,
  deliveries: (chatId: number) => [...telegramKeys.all, 'deliveries', chatId] as const,
  link: () => [...telegramKeys.all, 'link'] as const,
};

/** GET /telegram/group: the company's groups (an operator's: every company's). */
export const groupsQueryOptions = () =>
  queryOptions({
    queryKey: telegramKeys.groups(),
    queryFn: ({ signal }) => apiCall(e.groups, { query: {}, signal }),
    refetchInterval: 10_000,
  });

/** GET /telegram/group/details: one group with its alarm settings. */
export const groupQueryOptions = (chatId: number) =>
  queryOptions({
    queryKey: telegramKeys.group(chatId),
    queryFn: ({ signal }) => apiCall(e.groupDetails, { query: { chat_id: chatId }, signal }),
  });

/** GET /telegram/deliveries: the group's latest queued, sent and failed messages. */
export const deliveriesQueryOptions = (chatId: number) =>
  queryOptions({
    queryKey: telegramKeys.deliveries(chatId),
    queryFn: ({ signal }) => apiCall(e.deliveries, { query: { chat_id: chatId, limit: 50 }, signal }),
    refetchInterval: 5_000,
  });

/** GET /telegram/link: the caller's Telegram link. */
export const linkQueryOptions = () =>
  queryOptions({
    queryKey: telegramKeys.link(),
    queryFn: ({ signal }) => apiCall(e.link, { signal }),
  });

/**
 * A failed messaging-group action is rethrown as a generic error (docs/requirements.md#messaging); the
 * server's message stays on `original` for the field it names.
 */
export class GroupActionError extends Error {
  constructor(readonly original: unknown) {
    super('The messaging group action failed.');
    this.name = 'GroupActionError';
  }
  /** The input the server named, with its message (a 400 or 409). */
  get fieldError(): { field: string; message: string } | null {
    const c = this.original;
    return c instanceof ApiError && c.field ? { field: c.field, message: c.message } : null;
  }
}

async function action<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new GroupActionError(err);
  }
}

export const groupActions = {
  create: (body: CreateTelegramGroupBody) => action(() => apiCall(e.createGroup, { body })),
  update: (chatId: number, body: UpdateTelegramGroupBody) =>
    action(() => apiCall(e.updateGroup, { query: { chat_id: chatId }, body })),
  addSites: (chatId: number, siteUids: string[]) =>
    action(() => apiCall(e.addSites, { body: { chat_id: chatId, site_uids: siteUids } })),
  removeSite: (chatId: number, siteUid: string) =>
    action(() => apiCall(e.removeSite, { query: { chat_id: chatId, site_uid: siteUid } })),
  updateLink: (chatId: number) => action(() => apiCall(e.updateLink, { query: { chat_id: chatId } })),
  remove: (chatId: number) => action(() => apiCall(e.deleteGroup, { query: { chat_id: chatId } })),
  savePolicy: (chatId: number, body: NotificationPolicyBody) =>
    action(() => apiCall(e.saveAlarmSettings, { query: { chat_id: chatId }, body })),
  linkCode: () => action(() => apiCall(e.linkCode, {})),
};
