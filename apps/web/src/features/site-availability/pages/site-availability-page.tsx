import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, type SiteAvailabilityItem } from '@towerwatch/contract';
import { allowedTenants, formatDuration, tenantLabel } from '@towerwatch/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { dayjs, inDhaka } from '../../../lib/time.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { useAuthUser } from '../../auth/index.ts';
import { openSite } from '../../sites/index.ts';
import {
  type AvailabilityParams,
  siteAvailabilityKeys,
  siteAvailabilityQueryOptions,
} from '../api/site-availability-api.ts';
import {
  AVAILABILITY_BANDS,
  type AvailabilitySort,
  type AvailabilitySortKey,
  availabilityBand,
  BAND_COLOURS,
  DEFAULT_SORT,
  filterItems,
  formatAvailability,
  nextSort,
  sortItems,
  summarise,
} from '../availability-model.ts';
import { SitePeriodsDrawer } from '../components/site-periods-drawer.tsx';

const PAGE_SIZE = 100;
const DATE = 'YYYY-MM-DD';

/** Quick ranges, as Asia/Dhaka dates. */
function presets(): { label: string; from: string; until: string }[] {
  const today = inDhaka(new Date());
  return [
    { label: 'Today', from: today.format(DATE), until: today.format(DATE) },
    {
      label: 'Yesterday',
      from: today.subtract(1, 'day').format(DATE),
      until: today.subtract(1, 'day').format(DATE),
    },
    { label: 'Last 7 days', from: today.subtract(6, 'day').format(DATE), until: today.format(DATE) },
    { label: 'Last 30 days', from: today.subtract(29, 'day').format(DATE), until: today.format(DATE) },
  ];
}

function Figure({
  label,
  value,
  colour,
  testId,
}: {
  label: string;
  value: ReactNode;
  colour?: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={colour} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

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
  onSort: (key: AvailabilitySortKey) => void;
  align?: 'right';
}) {
  const active = sort.key === column;
  const Icon = active ? (sort.direction === 'asc' ? IconArrowUp : IconArrowDown) : IconSelector;
  return (
    <Table.Th
      ta={align}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(column)} aria-label={`Sort by ${label}`}>
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

/**
 * /site/availability (platform-core §2, §3 "availability per site and date"): for a day or a range
 * of days, every visible site's availability from the site-down history (colour bands), downtime,
 * outages and whether it is down now; sortable (worst first), searchable, narrowed to a tenant;
 * a site's detail shows its down periods on the range's time line, and opens the site. Live: a
 * site_down event (raised or cleared) refetches, and a day in progress refreshes every minute.
 */
export function SiteAvailabilityPage() {
  const user = useAuthUser();
  const navigate = useNavigate();
  const quick = useMemo(presets, []);
  // Range and tenant live in the URL (a link shows the same view): ?from=&until=&tenant=.
  const [searchParams, setSearchParams] = useSearchParams();
  const fromDate = searchParams.get('from') ?? quick[0]?.from ?? '';
  const untilDate = searchParams.get('until') ?? quick[0]?.until ?? '';
  const tenantParam = searchParams.get('tenant');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 150);
  const [onlyDown, setOnlyDown] = useState(false);
  const [sort, setSort] = useState<AvailabilitySort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [selectedUid, setSelectedUid] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const tenants = allowedTenants(user);
  const tenant = tenantParam && (tenants as readonly string[]).includes(tenantParam) ? tenantParam : null;
  const valid = dayjs(fromDate).isValid() && dayjs(untilDate).isValid() && fromDate <= untilDate;
  const params: AvailabilityParams = { fromDate, untilDate, tenant };
  const reply = useQuery({ ...siteAvailabilityQueryOptions(params), enabled: valid });
  const queryClient = useQueryClient();
  // A site going down or coming back (site_down events on the socket) changes the figures: refetch.
  useLiveMessages((message) => {
    if (message.event === LIVE_EVENTS.SITE_EVENT && message.payload.name === 'site_down')
      void queryClient.invalidateQueries({ queryKey: siteAvailabilityKeys.all });
  });

  const all = reply.data?.items;
  const summary = useMemo(() => summarise(all ?? [], reply.data?.spanSeconds ?? 0), [all, reply.data]);
  const rows = useMemo(
    () => sortItems(filterItems(all ?? [], debouncedSearch, onlyDown), sort),
    [all, debouncedSearch, onlyDown, sort],
  );
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const setView = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
    setPage(1);
  };
  const setRange = (from: string, until: string) => setView({ from, until });
  const open = async (item: SiteAvailabilityItem) => {
    if (opening) return;
    setOpening(true);
    try {
      await openSite(user, {
        uid: item.siteUid,
        name: item.siteName,
        tenants: item.tenants,
        meta: { generic_site_id: item.genericSiteId },
      });
      navigate('/site');
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setOpening(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Site Availability</Title>
          <Text c="dimmed" size="sm" data-testid="availability-count" aria-live="polite">
            {reply.data
              ? `${rows.length.toLocaleString()} of ${summary.sites.toLocaleString()} sites`
              : 'Availability per site from the site-down history'}
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Button.Group>
            {quick.map((preset) => (
              <Button
                key={preset.label}
                size="sm"
                variant={preset.from === fromDate && preset.until === untilDate ? 'filled' : 'default'}
                onClick={() => setRange(preset.from, preset.until)}
              >
                {preset.label}
              </Button>
            ))}
          </Button.Group>
          <TextInput
            type="date"
            label="From"
            value={fromDate}
            max={untilDate}
            onChange={(event) => setRange(event.currentTarget.value, untilDate)}
          />
          <TextInput
            type="date"
            label="Until"
            value={untilDate}
            min={fromDate}
            onChange={(event) => setRange(fromDate, event.currentTarget.value)}
          />
          {tenants.length > 1 && (
            <Select
              label="Tenant"
              placeholder="All tenants"
              clearable
              w={160}
              data={tenants.map((code) => ({ value: code, label: tenantLabel(code) }))}
              value={tenant}
              onChange={(value) => setView({ tenant: value })}
            />
          )}
        </Group>
      </Group>
      {!valid && <Alert color="yellow">Choose a start date on or before the end date.</Alert>}
      {reply.isError && (
        <Alert color="red" title="Availability could not be loaded">
          {errorMessage(reply.error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure
          label="Network availability"
          testId="network-availability"
          value={reply.data ? formatAvailability(summary.availability) : '—'}
          colour={reply.data ? BAND_COLOURS[availabilityBand(summary.availability)] : undefined}
        />
        <Figure
          label="Sites with outages"
          testId="sites-with-outages"
          value={reply.data ? summary.sitesWithOutages.toLocaleString() : '—'}
        />
        <Figure
          label="Down now"
          testId="sites-down-now"
          value={reply.data ? summary.downNow.toLocaleString() : '—'}
          colour={summary.downNow > 0 ? 'red' : undefined}
        />
        <Figure
          label="Total downtime"
          testId="total-downtime"
          value={reply.data ? formatDuration(summary.downSeconds) : '—'}
        />
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Badge color={BAND_COLOURS.good} variant="light">
            ≥ {AVAILABILITY_BANDS.good} %: {summary.byBand.good.toLocaleString()}
          </Badge>
          <Badge color={BAND_COLOURS.degraded} variant="light">
            ≥ {AVAILABILITY_BANDS.degraded} %: {summary.byBand.degraded.toLocaleString()}
          </Badge>
          <Badge color={BAND_COLOURS.poor} variant="light">
            &lt; {AVAILABILITY_BANDS.degraded} %: {summary.byBand.poor.toLocaleString()}
          </Badge>
        </Group>
        <Group gap="md">
          <Switch
            label="Only sites with outages"
            checked={onlyDown}
            onChange={(event) => {
              setOnlyDown(event.currentTarget.checked);
              setPage(1);
            }}
          />
          <TextInput
            aria-label="Search sites"
            placeholder="Search by name or site ID"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={280}
          />
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        {reply.isPending && valid ? (
          <Group justify="center" p="xl">
            <Loader size="sm" />
          </Group>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" p="md">
            {onlyDown ? 'No site was down in this period.' : 'No site matches.'}
          </Text>
        ) : (
          <Table
            striped
            highlightOnHover
            aria-label="Site availability"
            style={{ opacity: reply.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <SortHeader
                  label="Site"
                  column="site"
                  sort={sort}
                  onSort={(k) => setSort(nextSort(sort, k))}
                />
                <Table.Th>Tenants</Table.Th>
                <SortHeader
                  label="Availability"
                  column="availability"
                  sort={sort}
                  onSort={(k) => setSort(nextSort(sort, k))}
                  align="right"
                />
                <SortHeader
                  label="Downtime"
                  column="downSeconds"
                  sort={sort}
                  onSort={(k) => setSort(nextSort(sort, k))}
                  align="right"
                />
                <SortHeader
                  label="Outages"
                  column="outages"
                  sort={sort}
                  onSort={(k) => setSort(nextSort(sort, k))}
                  align="right"
                />
                <Table.Th>Now</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((item) => (
                <Table.Tr
                  key={item.siteUid}
                  data-site-uid={item.siteUid}
                  aria-label={item.siteName}
                  style={{ cursor: 'pointer' }}
                  onClick={() => setSelectedUid(item.siteUid)}
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
                      color={BAND_COLOURS[availabilityBand(item.availability)]}
                      variant={availabilityBand(item.availability) === 'good' ? 'light' : 'filled'}
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
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={`Open site ${item.siteName}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        void open(item);
                      }}
                    >
                      Open
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 && (
          <Group justify="center" mt="md">
            <Pagination total={pages} value={current} onChange={setPage} />
          </Group>
        )}
      </Paper>
      <SitePeriodsDrawer
        item={all?.find((item) => item.siteUid === selectedUid) ?? null}
        params={params}
        range={reply.data ? { from: reply.data.from, until: reply.data.until } : null}
        onClose={() => setSelectedUid(null)}
        onOpenSite={(item) => void open(item)}
      />
    </Stack>
  );
}
