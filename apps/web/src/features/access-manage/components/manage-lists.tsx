import { Grid, Group, Select } from '@mantine/core';
import type { useManageLists } from '../hooks/use-manage-lists.ts';
import type { CardFilter, ManageItem } from '../manage-model.ts';
import { CARD_VALIDITY_LABELS } from '../manage-model.ts';
import { ItemList } from './item-list.tsx';

const LIST_HEIGHT = 380;
/** Height of the filter row the card and site lists have: the other two lists are that much taller. */
const FILTER_ROW = 36;

const CARD_FILTERS = [
  { value: 'all', label: 'All cards' },
  ...(Object.entries(CARD_VALIDITY_LABELS) as [Exclude<CardFilter, 'all'>, string][]).map(
    ([value, label]) => ({
      value,
      label,
    }),
  ),
];
const SYNC_FILTERS = [
  { value: 'all', label: 'Any sync state' },
  { value: 'pending', label: 'Sync pending' },
  { value: 'failed', label: 'Sync failed' },
  { value: 'applied', label: 'Applied' },
];

interface Props {
  lists: ReturnType<typeof useManageLists>;
  selected: string | null;
  onSelect: (item: ManageItem) => void;
  onAttach: (item: ManageItem) => void;
}

/** The four lists side by side: cards, card groups | sites, site groups, each searchable, two filterable. */
export function ManageLists({ lists, selected, onSelect, onAttach }: Props) {
  const { filters, setFilters, rows, queries } = lists;
  const cardGroups = (queries.cardGroups.data?.items ?? []).map((g) => ({
    value: String(g.groupId),
    label: g.name,
  }));
  const siteGroups = (queries.siteGroups.data?.items ?? []).map((g) => ({
    value: String(g.groupId),
    label: g.name,
  }));
  const common = { selected, onSelect, onAttach, height: LIST_HEIGHT };
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6, xl: 3 }}>
        <ItemList
          {...common}
          title="Cards"
          total={queries.cards.data?.items.length ?? 0}
          rows={rows.cards}
          search={filters.cardSearch}
          onSearch={(cardSearch) => setFilters({ cardSearch })}
          filters={
            <Group gap={6} mb={6} grow>
              <Select
                size="xs"
                aria-label="Card state"
                data={CARD_FILTERS}
                value={filters.cardFilter}
                allowDeselect={false}
                onChange={(value) => setFilters({ cardFilter: (value ?? 'all') as CardFilter })}
              />
              <Select
                size="xs"
                aria-label="Card group filter"
                placeholder="Any group"
                data={cardGroups}
                value={filters.cardGroup || null}
                clearable
                searchable
                onChange={(value) => setFilters({ cardGroup: value ?? '' })}
              />
            </Group>
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, xl: 3 }}>
        <ItemList
          {...common}
          height={LIST_HEIGHT + FILTER_ROW}
          title="Card groups"
          total={queries.cardGroups.data?.items.length ?? 0}
          rows={rows.cardGroups}
          search={filters.cardGroupSearch}
          onSearch={(cardGroupSearch) => setFilters({ cardGroupSearch })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, xl: 3 }}>
        <ItemList
          {...common}
          title="Sites"
          total={queries.siteGroups.data?.sites.length ?? 0}
          rows={rows.sites}
          search={filters.siteSearch}
          onSearch={(siteSearch) => setFilters({ siteSearch })}
          filters={
            <Group gap={6} mb={6} grow>
              <Select
                size="xs"
                aria-label="Sync state filter"
                data={SYNC_FILTERS}
                value={filters.siteSync}
                allowDeselect={false}
                onChange={(value) => setFilters({ siteSync: (value ?? 'all') as typeof filters.siteSync })}
              />
              <Select
                size="xs"
                aria-label="Site group filter"
                placeholder="Any group"
                data={siteGroups}
                value={filters.siteGroup || null}
                clearable
                searchable
                onChange={(value) => setFilters({ siteGroup: value ?? '' })}
              />
            </Group>
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, xl: 3 }}>
        <ItemList
          {...common}
          height={LIST_HEIGHT + FILTER_ROW}
          title="Site groups"
          total={queries.siteGroups.data?.items.length ?? 0}
          rows={rows.siteGroups}
          search={filters.siteGroupSearch}
          onSearch={(siteGroupSearch) => setFilters({ siteGroupSearch })}
        />
      </Grid.Col>
    </Grid>
  );
}
