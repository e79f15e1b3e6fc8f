import { Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { SiteAvailabilityItem } from '@towerwatch/contract';
import { formatDuration, tenantLabel } from '@towerwatch/domain';
import { OpenSiteButton } from '../../../ui/table-pager.tsx';
import {
  type AvailabilitySort,
  type AvailabilitySortKey,
  availabilityBand,
  BAND_COLOURS,
  formatAvailability,
  nextSort,
} from '../availability-model.ts';

function SortHeader({
  label,
  column,
  sort,
  onSort,
  align,
}: {
  label: string;
  column: AvailabilitySortKey;
  sort: AvailabilitySort;
  onSort: (sort: AvailabilitySort) => void;
  align?: 'right';
}) {
  const active = sort.key === column;
  const Icon = active ? (sort.direction === 'asc' ? IconArrowUp : IconArrowDown) : IconSelector;
  return (
    <Table.Th
      ta={align}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(nextSort(sort, column))} aria-label={`Sort by ${label}`}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          <Text size="sm" fw={700}>
            {label}
          </Text>
          <Icon size={14} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function AvailabilityRow({
  item,
  onSelect,
  onOpen,
}: {
  item: SiteAvailabilityItem;
  onSelect: () => void;
  onOpen: () => void;
}) {
  const band = availabilityBand(item.availability);
  return (
    <Table.Tr
      data-site-uid={item.siteUid}
      aria-label={item.siteName}
      style={{ cursor: 'pointer' }}
      onClick={onSelect}
    >
      <Table.Td>
        <Text size="sm" fw={600}>
          {item.siteName}
        </Text>
        <Text size="xs" c="dimmed">
          {item.genericSiteId ?? item.siteUid}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.tenants.map(tenantLabel).join(', ') || '—'}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Badge
          color={BAND_COLOURS[band]}
          variant={band === 'good' ? 'light' : 'filled'}
          data-testid="site-availability"
        >
          {formatAvailability(item.availability)}
        </Badge>
      </Table.Td>
      <Table.Td ta="right" data-testid="site-downtime">
        {item.downSeconds > 0 ? formatDuration(item.downSeconds) : '—'}
      </Table.Td>
      <Table.Td ta="right" data-testid="site-outages">
        {item.outages}
      </Table.Td>
      <Table.Td>
        {item.downNow ? (
          <Badge color="red" variant="filled" size="sm">
            Down
          </Badge>
        ) : (
          <Badge color="teal" variant="dot" size="sm">
            Up
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <OpenSiteButton siteName={item.siteName} onOpen={onOpen} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Props of {@link AvailabilityTable}. */
export interface AvailabilityTableProps {
  /** The rows of the current page. */
  items: readonly SiteAvailabilityItem[];
  sort: AvailabilitySort;
  onSort: (sort: AvailabilitySort) => void;
  /** Dimmed while the previous range's rows stand in for the new one. */
  stale: boolean;
  onSelect: (item: SiteAvailabilityItem) => void;
  onOpen: (item: SiteAvailabilityItem) => void;
}

/** The sortable table of sites: availability band, downtime, outages, down now, Open. */
export function AvailabilityTable({ items, sort, onSort, stale, onSelect, onOpen }: AvailabilityTableProps) {
  return (
    <Table striped highlightOnHover aria-label="Site availability" style={{ opacity: stale ? 0.6 : 1 }}>
      <Table.Thead>
        <Table.Tr>
          <SortHeader label="Site" column="site" sort={sort} onSort={onSort} />
          <Table.Th>Tenants</Table.Th>
          <SortHeader label="Availability" column="availability" sort={sort} onSort={onSort} align="right" />
          <SortHeader label="Downtime" column="downSeconds" sort={sort} onSort={onSort} align="right" />
          <SortHeader label="Outages" column="outages" sort={sort} onSort={onSort} align="right" />
          <Table.Th>Now</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <AvailabilityRow
            key={item.siteUid}
            item={item}
            onSelect={() => onSelect(item)}
            onOpen={() => onOpen(item)}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}
