import {
  Alert,
  Anchor,
  Badge,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { allowedTenants, ROUTES, tenantLabel } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import type { ChartOption } from '../../../ui/chart.tsx';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import { TablePager, usePagedRows } from '../../../ui/table-pager.tsx';
import { useAuthUser } from '../../auth/index.ts';
import { MANTINE_COLOUR } from '../../site-overview/index.ts';
import { fuelFleetQueryOptions, fuelKeys } from '../api/power-api.ts';
import { ChartCard } from '../../../ui/chart-card.tsx';
import { FuelEvents } from '../components/fuel-events.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { type FuelSite, filterFuelSites, fleetTotals, fuelColour } from '../fuel-model.ts';
import { useFuelEvents } from '../hooks/use-fuel-events.ts';

const PAGE_SIZE = 25;
/** Site names stay readable under the bars up to this many bars; beyond, the tooltip names them. */
const LABELLED_BARS = 20;
/** Most sites the level chart draws (the lowest); the table lists them all. */
const CHART_SITES = 60;

const columns: SortableColumn<FuelSite>[] = [
  { key: 'site', label: 'Site', value: (s) => s.siteName },
  {
    key: 'level',
    label: 'Level',
    value: (s) => s.levelPct,
    align: 'right',
    render: (s) => (
      <Text span fw={700} c={MANTINE_COLOUR[fuelColour(s.levelPct)]}>
        {Math.round(s.levelPct)} %
      </Text>
    ),
  },
  {
    key: 'litres',
    label: 'Litres',
    value: (s) => s.litres,
    align: 'right',
    render: (s) => `${Math.round(s.litres)} / ${Math.round(s.tankLitres)} L`,
  },
  {
    key: 'state',
    label: 'State',
    value: (s) => (s.theftSuspected ? 3 : s.low ? 2 : s.dgRunning ? 1 : 0),
    render: (s) => (
      <Group gap={4}>
        {s.theftSuspected && (
          <Badge size="xs" color="red">
            Theft suspected
          </Badge>
        )}
        {s.low && (
          <Badge size="xs" color="orange" variant="light">
            Below {s.lowFuelPercent} %
          </Badge>
        )}
        {s.dgRunning && (
          <Badge size="xs" color="blue" variant="light">
            DG running
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'time', label: 'Reading', value: (s) => s.time, render: (s) => formatDateTime(s.time) },
];

/**
 * /fuel (docs/requirements.md#power-pages): the fleet's DG fuel — level per site (lowest first, in the
 * spec's percentage colours), the sites below their low-fuel threshold, suspected thefts, and the
 * refills and suspected thefts as they happen (docs/requirements.md#fuel-theft).
 */
export function FuelPage() {
  const user = useAuthUser();
  const theme = useMantineTheme();
  const queryClient = useQueryClient();
  const tenants = allowedTenants(user);
  const [tenant, setTenant] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [lowOnly, setLowOnly] = useState(false);
  const [theftOnly, setTheftOnly] = useState(false);
  const fleet = useQuery(fuelFleetQueryOptions(tenant));
  const items = fleet.data?.items ?? [];
  const names = useMemo(() => new Map(items.map((s) => [s.siteUid, s.siteName])), [items]);
  const events = useFuelEvents(
    tenant,
    names,
    () => void queryClient.invalidateQueries({ queryKey: fuelKeys.all }),
  );
  const rows = useMemo(
    () => filterFuelSites(items, { search, lowOnly, theftOnly }),
    [items, search, lowOnly, theftOnly],
  );
  const paged = usePagedRows(rows, PAGE_SIZE);
  const totals = fleetTotals(items);

  const option = useMemo<ChartOption>(() => {
    const shown = rows.slice(0, CHART_SITES);
    return {
      grid: { left: 44, right: 64, top: 16, bottom: shown.length <= LABELLED_BARS ? 70 : 16 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${v} %` },
      xAxis: {
        type: 'category',
        data: shown.map((s) => s.siteName),
        axisLabel: { show: shown.length <= LABELLED_BARS, rotate: 45, fontSize: 10, hideOverlap: true },
        axisTick: { show: false },
      },
      yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
      series: [
        {
          type: 'bar',
          name: 'Fuel level',
          barMaxWidth: 16,
          data: shown.map((s) => ({
            value: Math.round(s.levelPct),
            itemStyle: { color: theme.colors[MANTINE_COLOUR[fuelColour(s.levelPct)]]?.[6] },
          })),
          markLine: shown[0]
            ? {
                silent: true,
                symbol: 'none',
                lineStyle: { type: 'dashed', color: theme.colors.red[7] },
                label: { formatter: `Low ${shown[0].lowFuelPercent} %`, position: 'end' },
                data: [{ yAxis: shown[0].lowFuelPercent }],
              }
            : undefined,
        },
      ],
    };
  }, [rows, theme]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>DG fuel</Title>
          <Text c="dimmed" size="sm">
            Fuel in every diesel generator of your sites, lowest first.
          </Text>
        </div>
        <Group gap="md" align="flex-end">
          <Anchor component={Link} to={ROUTES.health} size="sm">
            Device health
          </Anchor>
          {tenants.length > 1 && (
            <Select
              aria-label="Tenant"
              placeholder="All tenants"
              clearable
              w={180}
              data={tenants.map((t) => ({ value: t, label: tenantLabel(t) }))}
              value={tenant}
              onChange={setTenant}
            />
          )}
        </Group>
      </Group>
      {fleet.isError && <Alert color="red">{errorMessage(fleet.error)}</Alert>}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard
          label="DG sites"
          value={fleet.data ? fleet.data.total.toLocaleString() : null}
          hint={fleet.data ? `${totals.running} running now` : undefined}
        />
        <StatCard
          label="Below threshold"
          value={fleet.data ? fleet.data.low.toLocaleString() : null}
          colour={fleet.data?.low ? 'orange' : undefined}
        />
        <StatCard
          label="Theft suspected"
          value={fleet.data ? fleet.data.theftSuspected.toLocaleString() : null}
          colour={fleet.data?.theftSuspected ? 'red' : undefined}
        />
        <StatCard
          label="Fuel in tanks"
          value={fleet.data ? `${Math.round(totals.litres).toLocaleString()} L` : null}
          hint={fleet.data ? `of ${Math.round(totals.tankLitres).toLocaleString()} L` : undefined}
        />
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <ChartCard
              title={`Fuel level per site${rows.length > CHART_SITES ? ` · the ${CHART_SITES} lowest` : ''}`}
              option={option}
              label="DG fuel level per site"
              testId="fuel-fleet-chart"
              height={260}
              loading={fleet.isPending}
              empty={fleet.data && rows.length === 0 ? 'No DG site matches.' : null}
            />
            <Paper withBorder radius="md" p="md">
              <Group gap="md" mb="sm">
                <TextInput
                  aria-label="Search sites"
                  placeholder="Search by name or site ID"
                  leftSection={<IconSearch size={16} />}
                  value={search}
                  onChange={(e) => {
                    setSearch(e.currentTarget.value);
                    paged.setPage(1);
                  }}
                  w={260}
                />
                <Switch
                  label="Below threshold only"
                  checked={lowOnly}
                  onChange={(e) => setLowOnly(e.currentTarget.checked)}
                />
                <Switch
                  label="Theft suspected only"
                  checked={theftOnly}
                  onChange={(e) => setTheftOnly(e.currentTarget.checked)}
                />
              </Group>
              <SortableTable
                caption="DG fuel per site"
                columns={columns}
                rows={paged.shown}
                rowKey={(s) => s.siteUid}
                emptyText={fleet.isPending ? 'Loading sites…' : 'No DG site matches'}
              />
              <TablePager pages={paged.pages} page={paged.page} onChange={paged.setPage} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <FuelEvents
            events={events.events}
            loading={events.loading}
            allFetched={events.allFetched}
            error={events.error}
            onMore={events.loadMore}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
