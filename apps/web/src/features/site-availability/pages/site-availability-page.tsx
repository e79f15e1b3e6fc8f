import { Alert, Group, Loader, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, type SiteAvailabilityItem } from '@towerwatch/contract';
import { allowedTenants } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { dayjs } from '../../../lib/time.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { TablePager, usePagedRows } from '../../../ui/table-pager.tsx';
import { useAuthUser } from '../../auth/index.ts';
import { useOpenSite } from '../../sites/index.ts';
import {
  type AvailabilityParams,
  siteAvailabilityKeys,
  siteAvailabilityQueryOptions,
} from '../api/site-availability-api.ts';
import {
  type AvailabilitySort,
  DEFAULT_SORT,
  filterItems,
  sortItems,
  summarise,
} from '../availability-model.ts';
import { AvailabilityFilters, rangePresets } from '../components/availability-filters.tsx';
import { AvailabilityBands, AvailabilityFigures } from '../components/availability-summary.tsx';
import { AvailabilityTable } from '../components/availability-table.tsx';
import { SitePeriodsDrawer } from '../components/site-periods-drawer.tsx';

const PAGE_SIZE = 100;

/**
 * /site/availability (docs/requirements.md#site-availability): for a day or a range
 * of days, every visible site's availability from the site-down history (colour bands), downtime,
 * outages and whether it is down now; sortable (worst first), searchable, narrowed to a tenant;
 * a site's detail shows its down periods on the range's time line, and opens the site. Live: a
 * site_down event (raised or cleared) refetches, and a day in progress refreshes every minute.
 */
export function SiteAvailabilityPage() {
  const user = useAuthUser();
  const { open: openSite } = useOpenSite(user);
  const quick = useMemo(rangePresets, []);
  // Range and tenant live in the URL (a link shows the same view): ?from=&until=&tenant=.
  const [searchParams, setSearchParams] = useSearchParams();
  const fromDate = searchParams.get('from') ?? quick[0]?.from ?? '';
  const untilDate = searchParams.get('until') ?? quick[0]?.until ?? '';
  const tenantParam = searchParams.get('tenant');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 150);
  const [onlyDown, setOnlyDown] = useState(false);
  const [sort, setSort] = useState<AvailabilitySort>(DEFAULT_SORT);
  const [selectedUid, setSelectedUid] = useState<string | null>(null);
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
  const paged = usePagedRows(rows, PAGE_SIZE);

  const setView = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
    paged.setPage(1);
  };
  const open = (item: SiteAvailabilityItem) =>
    openSite({
      uid: item.siteUid,
      name: item.siteName,
      tenants: item.tenants,
      meta: { generic_site_id: item.genericSiteId },
    });

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
        <AvailabilityFilters
          presets={quick}
          fromDate={fromDate}
          untilDate={untilDate}
          tenants={tenants}
          tenant={tenant}
          onRange={(from, until) => setView({ from, until })}
          onTenant={(value) => setView({ tenant: value })}
        />
      </Group>
      {!valid && <Alert color="yellow">Choose a start date on or before the end date.</Alert>}
      {reply.isError && (
        <Alert color="red" title="Availability could not be loaded">
          {errorMessage(reply.error)}
        </Alert>
      )}
      <AvailabilityFigures summary={summary} loaded={reply.data !== undefined} />
      <Group justify="space-between" wrap="wrap">
        <AvailabilityBands summary={summary} />
        <Group gap="md">
          <Switch
            label="Only sites with outages"
            checked={onlyDown}
            onChange={(event) => {
              setOnlyDown(event.currentTarget.checked);
              paged.setPage(1);
            }}
          />
          <TextInput
            aria-label="Search sites"
            placeholder="Search by name or site ID"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              paged.setPage(1);
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
          <AvailabilityTable
            items={paged.shown}
            sort={sort}
            onSort={setSort}
            stale={reply.isPlaceholderData}
            onSelect={(item) => setSelectedUid(item.siteUid)}
            onOpen={(item) => void open(item)}
          />
        )}
        <TablePager pages={paged.pages} page={paged.page} onChange={paged.setPage} />
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
