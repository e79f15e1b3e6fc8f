import {
  Alert,
  Badge,
  Box,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { LIVE_EVENTS } from '@towerwatch/contract';
import { eventDisplayName, siteLoadPlan, tenantLabel } from '@towerwatch/domain';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import '../site-list.css';
import { siteListHref } from '../../../lib/site-filter-url.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { useAuthUser } from '../../auth/index.ts';
import { SiteListLinks } from '../components/site-list-links.tsx';
import { useCompleteSiteList, useOpenSite } from '../../sites/index.ts';
import {
  applyStatusUpdate,
  createSiteRows,
  filterChips,
  listFilterFromSearch,
  matchesSearch,
  removeCondition,
  type SiteRow,
  siteMatchesFilter,
} from '../site-list-model.ts';

const ROW_HEIGHT = 52;
const COLUMNS = '110px minmax(200px, 2fr) minmax(140px, 1.2fr) 90px minmax(150px, 1.3fr) 120px 170px 110px';
const HEADERS = ['Status', 'Site', 'Tenants', 'Alarms', 'DC load', 'Battery', 'Last event', 'Offline'];

const DC_COLOURS: Readonly<Record<string, string>> = { DOWN: 'orange', NORMAL: 'teal', OVER: 'red' };

function RowCells({ row, company }: { row: SiteRow; company: string | null }) {
  return (
    <>
      <td>
        <Badge color={row.status === 'online' ? 'teal' : 'gray'} variant="light" size="sm">
          {row.status === 'online' ? 'Online' : 'Offline'}
        </Badge>
      </td>
      <td style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {row.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {row.genericSiteId}
        </Text>
      </td>
      <td>
        <Text size="sm" truncate>
          {row.tenants.map(tenantLabel).join(', ') || '—'}
        </Text>
      </td>
      <td title={row.alarmIds.map((id) => eventDisplayName(id, company)).join(', ')}>
        {row.alarmCount > 0 ? (
          <Badge color="red" variant="filled" size="sm">
            {row.alarmCount}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            0
          </Text>
        )}
      </td>
      <td>
        <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
          {row.dcLoad.length === 0 ? (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ) : row.dcLoad.every((entry) => entry.value === 'NORMAL') ? (
            <Badge color="teal" variant="dot" size="sm" title={row.dcLoad.map((e) => e.label).join(', ')}>
              Normal
            </Badge>
          ) : (
            row.dcLoad
              .filter((entry) => entry.value !== 'NORMAL')
              .map((entry) => (
                <Badge
                  key={entry.tenant}
                  color={DC_COLOURS[entry.value]}
                  variant="light"
                  size="sm"
                  title={entry.label}
                >
                  {entry.label}
                </Badge>
              ))
          )}
        </Group>
      </td>
      <td>
        <Text size="sm">
          {row.batteryLeft !== null && row.batteryMax
            ? `${Math.round((row.batteryLeft / row.batteryMax) * 100)}%`
            : row.batteryMax
              ? `${row.batteryMax} Ah`
              : '—'}
        </Text>
      </td>
      <td>
        <Text size="sm" c={row.lastEventMs ? undefined : 'dimmed'}>
          {row.lastEventMs ? formatDateTime(row.lastEventMs) : '—'}
        </Text>
      </td>
      <td>
        {row.offlineLabel ? (
          <Badge color="gray" variant="outline" size="sm">
            {row.offlineLabel}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </td>
    </>
  );
}

/**
 * /site/list (docs/requirements.md#site-list, docs/requirements.md#states): every site the user may see, virtualized (only the visible rows
 * are in the DOM), searchable by name or ID, filtered by the URL's site filter (the dashboard tiles'
 * links) shown as removable chips, kept live by SITE_STATUS_UPDATED. Choosing a site focuses it and
 * opens /site.
 */
export function SiteListPage() {
  const user = useAuthUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 150);
  const { open: openSite, opening } = useOpenSite(user);
  const limit = siteLoadPlan(user).siteLimit;
  const { query: sites, sites: items, total, loadingMore, updateSites } = useCompleteSiteList(limit);
  const filter = useMemo(() => listFilterFromSearch(searchParams), [searchParams]);
  const company = user.company_code;

  useLiveMessages((message) => {
    if (message.event !== LIVE_EVENTS.SITE_STATUS_UPDATED) return;
    updateSites((site) => applyStatusUpdate(site, message.payload));
  });

  // Rows are derived again as each page of the list arrives; a site's row is built once (createSiteRows).
  const [rowOf] = useState(createSiteRows);
  const rows = useMemo(() => {
    const now = new Date();
    return items
      .filter((site) => matchesSearch(site, debouncedSearch))
      .filter((site) => !filter || siteMatchesFilter(site, filter, now))
      .map((site) => rowOf(site, now));
  }, [items, debouncedSearch, filter, rowOf]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  const choose = async (row: SiteRow) => {
    const site = items.find((item) => item.uid === row.uid);
    if (site) await openSite(site);
  };

  const chips = filter ? filterChips(filter, (id) => eventDisplayName(id, company)) : [];
  const removeChip = (key: string) => {
    const next = filter ? removeCondition(filter, key) : null;
    navigate(siteListHref(next), { replace: true });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>All Sites</Title>
          <Text c="dimmed" size="sm" aria-live="polite" data-testid="site-count">
            {sites.isPending
              ? 'Loading sites…'
              : `${rows.length.toLocaleString()} of ${items.length.toLocaleString()} sites${
                  loadingMore ? ` (loading ${total.toLocaleString()})` : ''
                }`}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          <SiteListLinks />
          <TextInput
            aria-label="Search sites"
            placeholder="Search by name or site ID"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={320}
          />
        </Group>
      </Group>
      {chips.length > 0 && (
        <Group gap="xs" aria-label="Active filters" role="group">
          <IconFilter size={16} />
          {chips.map((chip) => (
            <Badge
              key={chip.key}
              size="lg"
              variant="light"
              tt="none"
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  aria-label={`Remove filter ${chip.label}`}
                  onClick={() => removeChip(chip.key)}
                />
              }
            >
              {chip.label}
            </Badge>
          ))}
        </Group>
      )}
      {sites.isError && (
        <Alert color="red" title="The sites could not be loaded">
          {errorMessage(sites.error)}
        </Alert>
      )}
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <div
          ref={scrollRef}
          style={{ height: 'calc(100vh - 185px)', minHeight: 320, overflowY: 'auto' }}
          data-testid="site-list-scroll"
        >
          <table
            aria-label="Sites"
            aria-rowcount={rows.length + 1}
            style={{ display: 'grid', borderCollapse: 'collapse' }}
          >
            <thead style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 1 }}>
              <Box
                component="tr"
                px="md"
                py="xs"
                bg="var(--mantine-color-body)"
                style={{
                  display: 'grid',
                  gridTemplateColumns: COLUMNS,
                  gap: 12,
                  alignItems: 'center',
                  borderBottom: '1px solid var(--mantine-color-default-border)',
                }}
              >
                {HEADERS.map((header) => (
                  <Text key={header} component="th" ta="left" size="xs" fw={700} tt="uppercase" c="dimmed">
                    {header}
                  </Text>
                ))}
              </Box>
            </thead>
            <tbody style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                return (
                  <Box
                    component="tr"
                    key={row.uid}
                    aria-rowindex={item.index + 2}
                    aria-label={row.name}
                    tabIndex={0}
                    data-site-uid={row.uid}
                    className="site-list-row"
                    onClick={() => void choose(row)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') void choose(row);
                    }}
                    px="md"
                    style={{
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      right: 0,
                      height: ROW_HEIGHT,
                      transform: `translateY(${item.start}px)`,
                      display: 'grid',
                      gridTemplateColumns: COLUMNS,
                      gap: 12,
                      alignItems: 'center',
                      cursor: 'pointer',
                      borderBottom: '1px solid var(--mantine-color-default-border)',
                      opacity: opening === row.uid ? 0.5 : 1,
                    }}
                  >
                    <RowCells row={row} company={company} />
                  </Box>
                );
              })}
            </tbody>
          </table>
          {sites.isPending ? (
            <Group justify="center" p="xl">
              <Loader size="sm" />
            </Group>
          ) : rows.length === 0 ? (
            <Text c="dimmed" ta="center" p="xl">
              No site matches.
            </Text>
          ) : null}
        </div>
      </Paper>
    </Stack>
  );
}
