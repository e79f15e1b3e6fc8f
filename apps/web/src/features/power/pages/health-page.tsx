import {
  Alert,
  Badge,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEVICE_HEALTH_CATEGORIES,
  type DeviceHealth,
  type DeviceHealthCategory,
  LIVE_EVENTS,
} from '@towerwatch/contract';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { Chart, type ChartOption } from '../../../ui/chart.tsx';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import { TablePager, usePagedRows } from '../../../ui/table-pager.tsx';
import { HEALTH_PAGE_SIZE, healthKeys, siteHealthsQueryOptions } from '../api/health-api.ts';
import { StatCard } from '../../../ui/stat-card.tsx';
import {
  HEALTH_CATEGORY_COLOUR,
  type HealthCounts,
  healthCategoryLabel,
  healthCategoryRows,
  offlineFor,
  onlineShare,
} from '../health-model.ts';

const ROWS_PER_PAGE = 100;

const columns: SortableColumn<DeviceHealth>[] = [
  { key: 'site', label: 'Site', value: (d) => d.siteName },
  { key: 'device', label: 'Device', value: (d) => d.comId },
  {
    key: 'category',
    label: 'Health',
    value: (d) => DEVICE_HEALTH_CATEGORIES.indexOf(d.category),
    render: (d) => (
      <Badge size="sm" variant="light" color={HEALTH_CATEGORY_COLOUR[d.category]}>
        {healthCategoryLabel(d.category)}
      </Badge>
    ),
  },
  {
    key: 'offline',
    label: 'Offline for',
    value: (d) => d.minutesOffline,
    render: (d) => offlineFor(d.minutesOffline),
  },
  {
    key: 'seen',
    label: 'Last seen',
    value: (d) => d.lastSeen,
    render: (d) => (d.lastSeen ? formatDateTime(d.lastSeen) : 'Never'),
  },
];

/**
 * /health (docs/requirements.md#power-pages): the company's device health from GET /site/healths —
 * counts online and offline by the offline buckets (kept live by RMS_DEVICE_HEALTH_COUNT), a chart of
 * the categories, and the devices of a chosen category, worst first.
 */
export function HealthPage() {
  const [category, setCategory] = useState<DeviceHealthCategory | null>(null);
  const [serverPage, setServerPage] = useState(1);
  const reply = useQuery(siteHealthsQueryOptions(category, serverPage));
  const queryClient = useQueryClient();
  const [liveCounts, setLiveCounts] = useState<HealthCounts | null>(null);
  useLiveMessages((message) => {
    if (message.event !== LIVE_EVENTS.RMS_DEVICE_HEALTH_COUNT) return;
    setLiveCounts(message.payload);
    void queryClient.invalidateQueries({ queryKey: healthKeys.all });
  });
  // The unfiltered call gives the company's counts; a category's call counts only that category.
  const counts = category === null ? (reply.data?.counts ?? liveCounts) : (liveCounts ?? reply.data?.counts);
  const rows = useMemo(() => (counts ? healthCategoryRows(counts) : []), [counts]);
  // Longest offline first over the whole page of devices (the table sorts the rows it shows).
  const devices = useMemo(
    () => [...(reply.data?.devices ?? [])].sort((x, y) => y.minutesOffline - x.minutesOffline),
    [reply.data],
  );
  const paged = usePagedRows(devices, ROWS_PER_PAGE);
  const theme = useMantineTheme();

  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 110, right: 40, top: 8, bottom: 24 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.label) },
      series: [
        {
          type: 'bar',
          name: 'Devices',
          data: rows.map((r) => ({
            value: r.count,
            itemStyle: { color: theme.colors[HEALTH_CATEGORY_COLOUR[r.category]]?.[6] },
          })),
          label: { show: true, position: 'right' },
          barMaxWidth: 22,
        },
      ],
    }),
    [rows, theme],
  );

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Device health</Title>
        <Text c="dimmed" size="sm">
          Every RMS device of your company: online, or how long it has been offline.
        </Text>
      </div>
      {reply.isError && <Alert color="red">{errorMessage(reply.error)}</Alert>}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Devices" value={counts ? counts.total.toLocaleString() : null} />
        <StatCard label="Online" value={counts ? counts.online.toLocaleString() : null} colour="teal" />
        <StatCard label="Offline" value={counts ? counts.offline.toLocaleString() : null} colour="red" />
        <StatCard
          label="Online share"
          value={counts ? (onlineShare(counts) === null ? '—' : `${onlineShare(counts)}%`) : null}
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Devices by health">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
          Devices by health
        </Text>
        <Chart option={option} height={200} label="Devices by health category" testId="health-chart" />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <SegmentedControl
            aria-label="Health category"
            value={category ?? 'all'}
            onChange={(value) => {
              setCategory(value === 'all' ? null : (value as DeviceHealthCategory));
              setServerPage(1);
              paged.setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              ...DEVICE_HEALTH_CATEGORIES.map((c) => ({ value: c, label: healthCategoryLabel(c) })),
            ]}
          />
          {reply.isFetching && <Loader size="xs" />}
        </Group>
        <SortableTable
          caption="Devices"
          columns={columns}
          rows={paged.shown}
          rowKey={(d) => d.comId}
          emptyText={reply.isPending ? 'Loading devices…' : 'No device in this category'}
        />
        <TablePager pages={paged.pages} page={paged.page} onChange={paged.setPage} />
        {devices.length === HEALTH_PAGE_SIZE || serverPage > 1 ? (
          <Group justify="center" mt="sm" gap="xs">
            <Text
              component="button"
              type="button"
              size="sm"
              c="blue"
              disabled={serverPage === 1}
              onClick={() => setServerPage((p) => Math.max(1, p - 1))}
              style={{ background: 'none', border: 0, cursor: 'pointer' }}
            >
              Previous {HEALTH_PAGE_SIZE.toLocaleString()}
            </Text>
            <Text size="sm" c="dimmed">
              Devices {((serverPage - 1) * HEALTH_PAGE_SIZE + 1).toLocaleString()}–
              {((serverPage - 1) * HEALTH_PAGE_SIZE + devices.length).toLocaleString()}
            </Text>
            <Text
              component="button"
              type="button"
              size="sm"
              c="blue"
              disabled={devices.length < HEALTH_PAGE_SIZE}
              onClick={() => setServerPage((p) => p + 1)}
              style={{ background: 'none', border: 0, cursor: 'pointer' }}
            >
              Next {HEALTH_PAGE_SIZE.toLocaleString()}
            </Text>
          </Group>
        ) : null}
      </Paper>
    </Stack>
  );
}
