import { Badge, CloseButton, Group, MultiSelect, SegmentedControl, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { TICKET_STATUS_LABELS, TICKET_STATUSES } from '@towerwatch/domain';
import type { TicketListFilter } from '../ticket-model.ts';

const STATUS_OPTIONS = TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));

export interface TicketFiltersProps {
  filter: TicketListFilter;
  search: string;
  onSearch: (value: string) => void;
  onChange: (changes: Record<string, string | null>) => void;
}

/** Status, assignee, search and (from a site's page) the site of the ticket list. */
export function TicketFilters({ filter, search, onSearch, onChange }: TicketFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect
        label="Status"
        placeholder={filter.status.length ? undefined : 'Any status'}
        data={STATUS_OPTIONS}
        value={filter.status}
        onChange={(value) => onChange({ status: value.join(',') || null })}
        clearable
        w={300}
      />
      <SegmentedControl
        aria-label="Assignee"
        data={[
          { value: 'any', label: 'Anyone' },
          { value: 'me', label: 'Mine' },
          { value: 'none', label: 'Unassigned' },
        ]}
        value={filter.assignee ?? 'any'}
        onChange={(value) => onChange({ assignee: value === 'any' ? null : value })}
      />
      <TextInput
        label="Search"
        placeholder="Title, site or #id"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={240}
      />
      {filter.siteUid && (
        <Badge
          size="lg"
          variant="light"
          rightSection={
            <CloseButton size="xs" aria-label="All sites" onClick={() => onChange({ site: null })} />
          }
        >
          Site {filter.siteUid}
        </Badge>
      )}
    </Group>
  );
}
