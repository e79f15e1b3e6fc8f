import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, type SiteGroupListReply } from '@towerwatch/contract';
import type { AccessSyncState } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import {
  cardGroupListQueryOptions,
  cardListQueryOptions,
  manageKeys,
  siteGroupListQueryOptions,
} from '../api/manage-api.ts';
import { cardGroupRow, cardRow, siteGroupRow, siteRow } from '../manage-items.ts';
import { type CardFilter, cardValidity, searchIndex, searchList } from '../manage-model.ts';

/** Search text and filters of the four lists. */
export interface ListFilters {
  cardSearch: string;
  cardFilter: CardFilter;
  /** Only cards of this card group ('' = any). */
  cardGroup: string;
  cardGroupSearch: string;
  siteSearch: string;
  siteSync: AccessSyncState | 'all';
  /** Only sites of this site group ('' = any). */
  siteGroup: string;
  siteGroupSearch: string;
}

const INITIAL: ListFilters = {
  cardSearch: '',
  cardFilter: 'all',
  cardGroup: '',
  cardGroupSearch: '',
  siteSearch: '',
  siteSync: 'all',
  siteGroup: '',
  siteGroupSearch: '',
};

/**
 * The company's cards, card groups, sites and site groups, searched and filtered: each list is indexed
 * once when it arrives, and searching runs over the index (debounced), so 50,000 cards and 5,000 sites
 * stay quick; only the rows of the filtered result are built. Live ACCESS_SYNC_STATUS messages update
 * the sites' sync state.
 */
export function useManageLists() {
  const cards = useQuery(cardListQueryOptions());
  const cardGroups = useQuery(cardGroupListQueryOptions());
  const siteGroups = useQuery(siteGroupListQueryOptions());
  const queryClient = useQueryClient();
  // A site's device applying (or failing) a list version moves its sync badge without a reload.
  useLiveMessages((message) => {
    if (message.event !== LIVE_EVENTS.ACCESS_SYNC_STATUS) return;
    const { siteUid, state, version } = message.payload;
    queryClient.setQueryData<SiteGroupListReply>(manageKeys.siteGroups(), (previous) =>
      previous
        ? {
            ...previous,
            sites: previous.sites.map((s) => (s.site_uid === siteUid ? { ...s, sync: state, version } : s)),
          }
        : previous,
    );
  });
  const [filters, setFilters] = useState<ListFilters>(INITIAL);
  const [debounced] = useDebouncedValue(filters, 150);
  const set = (change: Partial<ListFilters>) => setFilters((previous) => ({ ...previous, ...change }));

  const cardIndex = useMemo(
    () => searchIndex(cards.data?.items ?? [], (c) => [c.card_number, c.holder_name]),
    [cards.data],
  );
  const siteIndex = useMemo(
    () => searchIndex(siteGroups.data?.sites ?? [], (s) => [s.name, s.site_uid]),
    [siteGroups.data],
  );
  const cardGroupIndex = useMemo(
    () => searchIndex(cardGroups.data?.items ?? [], (g) => [g.name]),
    [cardGroups.data],
  );
  const siteGroupIndex = useMemo(
    () => searchIndex(siteGroups.data?.items ?? [], (g) => [g.name]),
    [siteGroups.data],
  );

  const cardRows = useMemo(() => {
    const now = new Date();
    const groupId = Number(debounced.cardGroup);
    const keep =
      debounced.cardFilter === 'all' && !groupId
        ? undefined
        : (c: NonNullable<typeof cards.data>['items'][number]) =>
            (!groupId || c.group_ids.includes(groupId)) &&
            (debounced.cardFilter === 'all' ||
              cardValidity(
                { blocked: c.blocked, validFrom: c.valid_from, validUntil: c.valid_until },
                now,
              ) === debounced.cardFilter);
    return searchList(cardIndex, debounced.cardSearch, keep).map((c) => cardRow(c, now));
  }, [cardIndex, debounced.cardSearch, debounced.cardFilter, debounced.cardGroup]);

  const siteRows = useMemo(() => {
    const group = siteGroups.data?.items.find((g) => String(g.groupId) === debounced.siteGroup);
    const members = group ? new Set(group.members) : null;
    const keep =
      debounced.siteSync === 'all' && !members
        ? undefined
        : (s: NonNullable<typeof siteGroups.data>['sites'][number]) =>
            (!members || members.has(s.site_uid)) &&
            (debounced.siteSync === 'all' || (s.version > 0 && s.sync === debounced.siteSync));
    return searchList(siteIndex, debounced.siteSearch, keep).map(siteRow);
  }, [siteIndex, siteGroups.data, debounced.siteSearch, debounced.siteSync, debounced.siteGroup]);

  const cardGroupRows = useMemo(
    () => searchList(cardGroupIndex, debounced.cardGroupSearch).map(cardGroupRow),
    [cardGroupIndex, debounced.cardGroupSearch],
  );
  const siteGroupRows = useMemo(
    () => searchList(siteGroupIndex, debounced.siteGroupSearch).map(siteGroupRow),
    [siteGroupIndex, debounced.siteGroupSearch],
  );

  return {
    queries: { cards, cardGroups, siteGroups },
    filters,
    setFilters: set,
    rows: { cards: cardRows, cardGroups: cardGroupRows, sites: siteRows, siteGroups: siteGroupRows },
  };
}
