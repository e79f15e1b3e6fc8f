import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBolt, IconSearch } from '@tabler/icons-react';
import { LIVE_EVENTS, type LiveSiteEvent } from '@towerwatch/contract';
import {
  DASHBOARD_RECTIFIER_ALARMS,
  eventDisplayName,
  RECTIFIER_TYPES,
  siteLoadPlan,
  tenantLabel,
} from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { OpenSiteButton, TablePager, usePagedRows } from '../../../ui/table-pager.tsx';
import { formatDateTime, inDhaka } from '../../../lib/time.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { useAuthUser } from '../../auth/index.ts';
import { useCompleteSiteList, useOpenSite } from '../../sites/index.ts';
import { applyStatusUpdate } from '../../site-list/index.ts';
import {
  filterRectifierSites,
  isRectifierAlarmEvent,
  isVendorFilter,
  type RectifierAlarmId,
  raisedRectifierAlarms,
  rectifierCounts,
  sortRectifierSites,
  VENDOR_LABELS,
  vendorsOf,
} from '../rectifier-model.ts';

const PAGE_SIZE = 100;
/** Live rectifier alarm events kept on the page. */
const LIVE_FEED_SIZE = 12;

const vendorLabel = (vendor: string) =>
  vendor === 'none' ? 'No rectifier' : (VENDOR_LABELS[vendor as keyof typeof VENDOR_LABELS] ?? vendor);

/**
 * /site/rectifier (docs/requirements.md#site-list site lists, docs/requirements.md#dashboard-rectifier-alarms rectifier types and dashboard rectifier alarms):
 * every visible site with its rectifier type(s) — vertiv, sarbs, eltek, jvolt — counted per vendor,
 * the rectifier alarms (Mains Fail, Rectifier Fail, Site Down) raised per site and counted, filtered
 * by vendor and alarm (in the URL), kept live by SITE_STATUS_UPDATED, with the rectifier alarm
 * events arriving on the socket listed as they come.
 */
export function SiteRectifierPage() {
  const user = useAuthUser();
  const company = user.company_code;
  const [searchParams, setSearchParams] = useSearchParams();
  const vendorParam = searchParams.get('vendor');
  const vendor = isVendorFilter(vendorParam) ? vendorParam : 'all';
  const alarmParam = searchParams.get('alarm');
  const alarm =
    alarmParam === 'any' || DASHBOARD_RECTIFIER_ALARMS.some((a) => a.id === alarmParam)
      ? (alarmParam as RectifierAlarmId | 'any')
      : null;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 150);
  const [feed, setFeed] = useState<LiveSiteEvent[]>([]);

  const {
    query: sites,
    sites: items,
    loadingMore,
    updateSites,
  } = useCompleteSiteList(siteLoadPlan(user).siteLimit);
  const names = useMemo(() => new Map(items.map((site) => [site.uid, site.name])), [items]);

  useLiveMessages((message) => {
    if (message.event === LIVE_EVENTS.SITE_STATUS_UPDATED) {
      updateSites((site) => applyStatusUpdate(site, message.payload));
    } else if (message.event === LIVE_EVENTS.SITE_EVENT && isRectifierAlarmEvent(message.payload)) {
      const event = message.payload;
      setFeed((previous) => [event, ...previous.filter((e) => e.id !== event.id)].slice(0, LIVE_FEED_SIZE));
    }
  });

  const counts = useMemo(() => rectifierCounts(items), [items]);
  const rows = useMemo(
    () => sortRectifierSites(filterRectifierSites(items, { vendor, alarm, search: debouncedSearch })),
    [items, vendor, alarm, debouncedSearch],
  );
  const { shown, page, pages, setPage } = usePagedRows(rows, PAGE_SIZE);
  const { open } = useOpenSite(user);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null || value === 'all') next.delete(key);
    else next.set(key, value);
    setSearchParams(next, { replace: true });
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Rectifiers</Title>
          <Text c="dimmed" size="sm" data-testid="rectifier-count" aria-live="polite">
            {sites.isPending
              ? 'Loading sites…'
              : `${rows.length.toLocaleString()} of ${items.length.toLocaleString()} sites${loadingMore ? ' (loading)' : ''}`}
          </Text>
        </div>
        <TextInput
          aria-label="Search sites"
          placeholder="Search by name or site ID"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={300}
        />
      </Group>
      {sites.isError && (
        <Alert color="red" title="The sites could not be loaded">
          {errorMessage(sites.error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} role="group" aria-label="Rectifier vendors">
        {counts.vendors.map((entry) => (
          <UnstyledButton
            key={entry.vendor}
            aria-label={`${vendorLabel(entry.vendor)}: ${entry.sites} sites`}
            data-vendor={entry.vendor}
            onClick={() => setParam('vendor', vendor === entry.vendor ? null : entry.vendor)}
          >
            <Paper
              withBorder
              radius="md"
              p="md"
              style={{
                borderColor: vendor === entry.vendor ? 'var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {vendorLabel(entry.vendor)}
              </Text>
              <Group justify="space-between" align="baseline">
                <Text fz={26} fw={700} data-testid="vendor-sites">
                  {entry.sites.toLocaleString()}
                </Text>
                <Badge
                  color={entry.alarmed > 0 ? 'red' : 'gray'}
                  variant="light"
                  data-testid="vendor-alarmed"
                >
                  {entry.alarmed.toLocaleString()} in alarm
                </Badge>
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Group gap="sm" wrap="wrap" role="group" aria-label="Rectifier alarms">
        <Text size="sm" fw={700}>
          Rectifier alarms
        </Text>
        {DASHBOARD_RECTIFIER_ALARMS.map((entry) => (
          <Button
            key={entry.id}
            size="xs"
            radius="xl"
            color={counts.alarms[entry.id] > 0 ? 'red' : 'gray'}
            variant={alarm === entry.id ? 'filled' : 'light'}
            data-alarm={entry.id}
            aria-pressed={alarm === entry.id}
            onClick={() => setParam('alarm', alarm === entry.id ? null : entry.id)}
          >
            {eventDisplayName(entry.id, company)}: {counts.alarms[entry.id].toLocaleString()}
          </Button>
        ))}
        <Button
          size="xs"
          radius="xl"
          variant={alarm === 'any' ? 'filled' : 'default'}
          aria-pressed={alarm === 'any'}
          onClick={() => setParam('alarm', alarm === 'any' ? null : 'any')}
        >
          Any rectifier alarm
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Vendor"
        value={vendor}
        onChange={(value) => setParam('vendor', value)}
        data={[
          { value: 'all', label: 'All vendors' },
          ...RECTIFIER_TYPES.map((type) => ({ value: type, label: VENDOR_LABELS[type] })),
          { value: 'none', label: 'No rectifier' },
        ]}
        w="fit-content"
      />
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Paper withBorder radius="md" p="md" style={{ flex: 1, minWidth: 0 }}>
          {sites.isPending ? (
            <Group justify="center" p="xl">
              <Loader size="sm" />
            </Group>
          ) : rows.length === 0 ? (
            <Text c="dimmed" ta="center" p="md">
              No site matches.
            </Text>
          ) : (
            <Table striped highlightOnHover aria-label="Rectifier sites">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Tenants</Table.Th>
                  <Table.Th>Rectifier</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Rectifier alarms</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((site) => {
                  const raised = raisedRectifierAlarms(site);
                  const types = vendorsOf(site);
                  return (
                    <Table.Tr key={site.uid} data-site-uid={site.uid} aria-label={site.name}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {site.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {site.meta.generic_site_id ?? site.uid}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{site.tenants.map(tenantLabel).join(', ') || '—'}</Text>
                      </Table.Td>
                      <Table.Td data-testid="site-rectifier">
                        {types.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        ) : (
                          <Group gap={4}>
                            {types.map((type) => (
                              <Badge key={type} variant="outline" size="sm" tt="none">
                                {VENDOR_LABELS[type]}
                              </Badge>
                            ))}
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={site.status === 'online' ? 'teal' : 'gray'} variant="light" size="sm">
                          {site.status === 'online' ? 'Online' : 'Offline'}
                        </Badge>
                      </Table.Td>
                      <Table.Td data-testid="site-rectifier-alarms">
                        {raised.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            None
                          </Text>
                        ) : (
                          <Group gap={4}>
                            {raised.map((entry) => (
                              <Badge
                                key={entry.id}
                                color="red"
                                size="sm"
                                title={
                                  entry.sinceMs
                                    ? `Since ${formatDateTime(entry.sinceMs)}${entry.tenants.length ? ` · ${entry.tenants.map(tenantLabel).join(', ')}` : ''}`
                                    : undefined
                                }
                              >
                                {eventDisplayName(entry.id, company)}
                              </Badge>
                            ))}
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        <OpenSiteButton siteName={site.name} onOpen={() => void open(site)} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          <TablePager pages={pages} page={page} onChange={setPage} />
        </Paper>
        <Paper withBorder radius="md" p="md" w={320} style={{ flexShrink: 0 }}>
          <Group gap={6} mb="xs">
            <IconBolt size={16} />
            <Text fw={700} size="sm">
              Live rectifier alarms
            </Text>
          </Group>
          {feed.length === 0 ? (
            <Text size="sm" c="dimmed">
              Mains Fail, Rectifier Fail and Site Down events of your sites appear here as they happen.
            </Text>
          ) : (
            <Stack
              gap={8}
              component="ul"
              aria-label="Live rectifier alarms"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {feed.map((event) => (
                <li key={event.id}>
                  <Group gap={6} wrap="nowrap">
                    <Badge color={event.active ? 'red' : 'teal'} size="xs" variant="light">
                      {event.active ? 'Raised' : 'Cleared'}
                    </Badge>
                    <Text size="sm" fw={600} truncate>
                      {eventDisplayName(event.name, company)}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {names.get(event.siteUid) ?? event.siteUid}
                    {event.tenant ? ` · ${tenantLabel(event.tenant)}` : ''} ·{' '}
                    {inDhaka(event.time).format('h:mm:ss A')}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Paper>
      </Group>
    </Stack>
  );
}
