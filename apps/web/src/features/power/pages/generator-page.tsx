import { Anchor, Grid, Group, SegmentedControl, Select, Stack, Text, useMantineTheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { useAuthUser } from '../../auth/index.ts';
import { EventsPanel, useLiveSite } from '../../site-overview/index.ts';
import { eventFetchers, runHoursQueryOptions, type SiteQuery, seriesQueryOptions } from '../api/power-api.ts';
import { dailyBarsOption, lastHours, resolutionForHours, timeSeriesOption } from '../chart-options.ts';
import { ChartCard } from '../../../ui/chart-card.tsx';
import { GeneratorCards } from '../components/generator-cards.tsx';
import { SeriesRangeControl } from '../components/series-range.tsx';
import { SitePageHeader } from '../components/site-page-header.tsx';
import { usePowerEvents } from '../hooks/use-power-events.ts';
import { chartPoints, generatorState, pinReading, recentMonths, seriesRange } from '../power-model.ts';

type EventChoice = 'all' | 'dg_power' | 'pg_power';

/** /generator of the open site (docs/requirements.md#power-pages). */
export function GeneratorPage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) return <Navigate to={ROUTES.siteList} replace />;
  return <Generator q={{ siteUid: site.siteUid, tenant: site.tenant }} siteName={site.name} />;
}

/**
 * DG and PG running now or stopped (live), their run hours per day over a month (bars), the DG fuel
 * level and its chart, and the generator events (DG or PG power prepended live; refills and suspected
 * thefts among them).
 */
function Generator({ q, siteName }: { q: SiteQuery; siteName: string }) {
  const user = useAuthUser();
  const theme = useMantineTheme();
  const { details, alarms } = useLiveSite(q.siteUid);
  const months = useMemo(() => recentMonths(3, new Date()), []);
  const [monthValue, setMonthValue] = useState(months[0]?.value ?? '');
  const month = months.find((m) => m.value === monthValue) ?? months[0];
  const range = { fromDate: month?.fromDate ?? '', untilDate: month?.untilDate ?? '' };
  const [rangeChoice, setRangeChoice] = useState('24');
  const fuelRange = seriesRange(rangeChoice);
  const [eventChoice, setEventChoice] = useState<EventChoice>('all');
  const dgHours = useQuery(runHoursQueryOptions(q, 'dg_power', range));
  const pgHours = useQuery(runHoursQueryOptions(q, 'pg_power', range));
  const fuel = useQuery(seriesQueryOptions('generator', q, 'fuel', fuelRange));
  const event = eventChoice === 'all' ? null : eventChoice;
  const events = usePowerEvents(
    user,
    'generator',
    q,
    eventFetchers.generator(q, event),
    `${q.siteUid}:${q.tenant}:${eventChoice}`,
    event ? [event] : undefined,
  );

  const pins = details.data?.pinConfigs ?? [];
  const alarmOf = (id: string) =>
    alarms.data?.items.find((a) => a.id === id && (!a.tenant || !q.tenant || a.tenant === q.tenant));
  const pinOf = (type: string) =>
    pins.find((p) => p.type === type && (!p.tenant || !q.tenant || p.tenant === q.tenant));
  const thisMonth = monthValue === months[0]?.value;
  const dg = generatorState({
    alarm: alarmOf('dg_on'),
    pinStatus: pinOf('dg_status')?.status,
    hasPin: pinOf('dg_status') !== undefined,
    runHours: thisMonth ? dgHours.data : undefined,
  });
  const pg = generatorState({
    alarm: alarmOf('pg_on'),
    pinStatus: pinOf('pg_status')?.status,
    hasPin: pinOf('pg_status') !== undefined,
    runHours: thisMonth ? pgHours.data : undefined,
  });
  const lowFuel = alarmOf('dg_low_fuel');

  const runOption = useMemo(() => {
    const byDate = new Map<string, Record<string, number | null>>();
    for (const [name, reply] of [
      ['DG', dgHours.data],
      ['PG', pgHours.data],
    ] as const) {
      for (const item of reply?.items ?? [])
        byDate.set(item.time, { ...(byDate.get(item.time) ?? {}), [name]: item.hours });
    }
    const days = [...byDate.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, values]) => ({ date, values }));
    return dailyBarsOption(days, ['DG', 'PG'], {
      unit: 'h',
      digits: 2,
      colours: [theme.colors.orange[6], theme.colors.blue[6]],
    });
  }, [dgHours.data, pgHours.data, theme]);
  const fuelOption = useMemo(
    () =>
      timeSeriesOption(
        [
          {
            name: 'DG fuel',
            points: chartPoints(fuel.data?.points ?? []),
            band: true,
            colour: theme.colors.teal[6],
          },
        ],
        {
          unit: '%',
          resolution: resolutionForHours(fuelRange.hours),
          min: 0,
          max: 100,
          span: lastHours(fuelRange.hours),
        },
      ),
    [fuel.data, fuelRange.hours, theme],
  );

  return (
    <Stack gap="md">
      <SitePageHeader title="Generator" siteName={siteName} tenant={q.tenant}>
        <Anchor component={Link} to={ROUTES.fuel} size="sm">
          Fuel across all sites
        </Anchor>
      </SitePageHeader>
      <GeneratorCards
        dg={dg}
        pg={pg}
        dgHours={thisMonth && dg.installed ? (dgHours.data?.totalHours ?? null) : null}
        pgHours={thisMonth && pg.installed ? (pgHours.data?.totalHours ?? null) : null}
        fuelPct={pinReading(pins, ['dg_fuel'], q.tenant)}
        lowFuel={lowFuel ? lowFuel.isAvailable && !lowFuel.isNormal : false}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <ChartCard
              title="Run hours per day"
              aside={
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm" fw={700} data-testid="run-hours-total">
                    DG {dgHours.data ? dgHours.data.totalHours.toFixed(1) : '—'} h (
                    {dgHours.data?.starts ?? '—'} starts) · PG{' '}
                    {pgHours.data ? pgHours.data.totalHours.toFixed(1) : '—'} h
                  </Text>
                  <Select
                    size="xs"
                    w={120}
                    aria-label="Month"
                    data={months.map((m) => ({ value: m.value, label: m.label }))}
                    value={monthValue}
                    allowDeselect={false}
                    onChange={(value) => value && setMonthValue(value)}
                  />
                </Group>
              }
              option={runOption}
              label="DG and PG run hours per day"
              testId="run-hours-chart"
              loading={dgHours.isPending || pgHours.isPending}
              error={dgHours.error ?? pgHours.error}
            />
            <ChartCard
              title="DG fuel level"
              aside={<SeriesRangeControl value={rangeChoice} onChange={setRangeChoice} />}
              option={fuelOption}
              label="DG fuel level over time"
              testId="fuel-chart"
              loading={fuel.isPending}
              error={fuel.error}
              empty={
                fuel.data && fuel.data.points.length === 0
                  ? 'No fuel readings in this range (no DG fuel sensor?).'
                  : null
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="xs">
            <SegmentedControl
              aria-label="Generator events"
              value={eventChoice}
              onChange={(value) => setEventChoice(value as EventChoice)}
              data={[
                { value: 'all', label: 'All' },
                { value: 'dg_power', label: 'DG power' },
                { value: 'pg_power', label: 'PG power' },
              ]}
            />
            <EventsPanel state={events} user={user} height={560} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
