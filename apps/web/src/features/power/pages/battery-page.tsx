import { Grid, Group, Stack, Text, useMantineTheme } from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS } from '@towerwatch/contract';
import {
  BATTERY_HEALTH_CONDITIONS,
  BATTERY_HEALTH_VALUES,
  dhakaDayEnd,
  dhakaDayStart,
  ROUTES,
} from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { useAuthUser } from '../../auth/index.ts';
import { EventsPanel, useLiveSite } from '../../site-overview/index.ts';
import {
  backupEstimateQueryOptions,
  energyQueryOptions,
  eventFetchers,
  healthHistoryQueryOptions,
  powerTrendQueryOptions,
  type SiteQuery,
  seriesQueryOptions,
  voltageProfileQueryOptions,
} from '../api/power-api.ts';
import { dailyBarsOption, lastHours, resolutionForHours, timeSeriesOption } from '../chart-options.ts';
import { BatteryFigures } from '../components/battery-figures.tsx';
import { ChartCard } from '../../../ui/chart-card.tsx';
import { DaySelect, recentDays } from '../components/day-select.tsx';
import { SeriesRangeControl } from '../components/series-range.tsx';
import { SitePageHeader } from '../components/site-page-header.tsx';
import { usePowerEvents } from '../hooks/use-power-events.ts';
import { chartPoints, pinReading, reading, seriesRange } from '../power-model.ts';

/** A Dhaka day as a chart span (ms). */
const dayMs = (day: string) => ({ from: dhakaDayStart(day).getTime(), until: dhakaDayEnd(day).getTime() });

/** The latest day's share beyond each health value: "Latest day: ≤ 42 V 0 % · ≤ 52 V 12 % · ≥ 56 V 0 %". */
function healthLatest(data: readonly ({ points: { percent: number }[] } | undefined)[]): string {
  const parts = BATTERY_HEALTH_VALUES.flatMap((value, i) => {
    const point = data[i]?.points.at(-1);
    const side = BATTERY_HEALTH_CONDITIONS[value].side === 'at_or_below' ? '≤' : '≥';
    return point ? [`${side} ${value} V ${point.percent} %`] : [];
  });
  return parts.length ? `Latest day: ${parts.join(' · ')}` : '';
}

/** /battery of the open site (docs/requirements.md#power-pages). */
export function BatteryPage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) return <Navigate to={ROUTES.siteList} replace />;
  return <Battery q={{ siteUid: site.siteUid, tenant: site.tenant }} siteName={site.name} />;
}

/**
 * The battery now (voltage, current, backup time left with its band, live), the DC voltage profile and
 * current over the chosen range, the health history of the month (42, 52, 56 V), energy and power per
 * hour of a day, and the battery events (battery power, DC low voltage, DC fail prepended live).
 */
function Battery({ q, siteName }: { q: SiteQuery; siteName: string }) {
  const user = useAuthUser();
  const theme = useMantineTheme();
  const queryClient = useQueryClient();
  const { details, extras } = useLiveSite(q.siteUid);
  const [rangeChoice, setRangeChoice] = useState('24');
  const range = seriesRange(rangeChoice);
  const [day, setDay] = useState(() => recentDays(1)[0]?.value ?? '');
  const pins = details.data?.pinConfigs ?? [];
  const comId =
    pins.find((p) => p.type === 'battery_terminal')?.com_id ??
    details.data?.siteInfo.devices[0] ??
    pins[0]?.com_id;

  const estimate = useQuery(backupEstimateQueryOptions(q));
  const profile = useQuery({
    ...voltageProfileQueryOptions(q, comId ?? '', range),
    enabled: comId !== undefined,
  });
  const current = useQuery(seriesQueryOptions('battery', q, 'dc_current', range));
  const health = useQueries({
    queries: BATTERY_HEALTH_VALUES.map((value) => ({
      ...healthHistoryQueryOptions(q, comId ?? '', value),
      enabled: comId !== undefined,
    })),
  });
  // The histories as one array that changes only when one of them does (keyed by their update times).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the data's update times.
  const healthData = useMemo(() => health.map((h) => h.data), [health.map((h) => h.dataUpdatedAt).join()]);
  const energy = useQuery(energyQueryOptions(q, day));
  const trend = useQuery(powerTrendQueryOptions(q, day));
  const events = usePowerEvents(user, 'battery', q, eventFetchers.battery(q), `${q.siteUid}:${q.tenant}`);
  // A new backup figure on the socket: refresh the estimate's band and state of charge too.
  useLiveMessages((message) => {
    if (message.event === LIVE_EVENTS.BATTERY_BACKUP_TIME_LEFT && message.payload.siteUid === q.siteUid)
      void queryClient.invalidateQueries({ queryKey: backupEstimateQueryOptions(q).queryKey });
  });

  const hours = range.hours;
  const resolution = resolutionForHours(hours);
  const profileOption = useMemo(
    () =>
      timeSeriesOption(
        [{ name: 'DC voltage', points: chartPoints(profile.data?.points ?? []), band: true }],
        { unit: 'V', resolution, span: lastHours(hours) },
      ),
    [profile.data, resolution, hours],
  );
  const currentOption = useMemo(
    () =>
      timeSeriesOption(
        [
          {
            name: 'DC load current',
            points: chartPoints(current.data?.points ?? []),
            band: true,
            colour: theme.colors.orange[6],
          },
        ],
        { unit: 'A', resolution, span: lastHours(hours) },
      ),
    [current.data, resolution, hours, theme],
  );
  const healthOption = useMemo(() => {
    const dates = new Map<string, Record<string, number | null>>();
    healthData.forEach((data, i) => {
      const value = BATTERY_HEALTH_VALUES[i];
      if (value === undefined) return;
      for (const point of data?.points ?? []) {
        const date = point.time;
        dates.set(date, {
          ...(dates.get(date) ?? {}),
          [BATTERY_HEALTH_CONDITIONS[value].label]: point.percent,
        });
      }
    });
    return dailyBarsOption(
      [...dates.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, values]) => ({ date, values })),
      BATTERY_HEALTH_VALUES.map((v) => BATTERY_HEALTH_CONDITIONS[v].label),
      { unit: '%', colours: [theme.colors.red[6], theme.colors.yellow[6], theme.colors.grape[6]] },
    );
  }, [healthData, theme]);

  const energyOption = useMemo(
    () => ({
      ...timeSeriesOption([], { unit: 'kWh', resolution: 'hour', min: 0, span: dayMs(day) }),
      series: [
        {
          type: 'bar',
          name: 'Energy',
          barMaxWidth: 14,
          data: (energy.data?.items ?? []).map((i) => [Date.parse(i.time), Math.round(i.kwh * 1000) / 1000]),
          itemStyle: { color: theme.colors.teal[6] },
        },
      ],
    }),
    [energy.data, theme, day],
  );
  const trendOption = useMemo(
    () =>
      timeSeriesOption(
        [
          {
            name: 'DC load power',
            points: (trend.data?.items ?? []).map((i) => ({
              t: Date.parse(i.time),
              avg: i.avgW,
              min: i.minW,
              max: i.maxW,
            })),
            band: true,
            colour: theme.colors.grape[6],
          },
        ],
        { unit: 'W', resolution: 'hour', min: 0, span: dayMs(day) },
      ),
    [trend.data, theme, day],
  );
  const healthEmpty = health.every((h) => !h.isPending && (h.data?.points.length ?? 0) === 0);

  return (
    <Stack gap="md">
      <SitePageHeader title="Battery" siteName={siteName} tenant={q.tenant}>
        <SeriesRangeControl value={rangeChoice} onChange={setRangeChoice} />
      </SitePageHeader>
      <BatteryFigures
        volts={pinReading(pins, ['battery_terminal'], q.tenant)}
        amps={pinReading(pins, ['battery_current_critical', 'battery_current_non_critical'], q.tenant)}
        estimate={estimate.data}
        liveMinutes={extras.backupMinutes}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <ChartCard
              title="DC voltage profile"
              option={profileOption}
              label="Battery DC voltage over time"
              testId="voltage-profile-chart"
              loading={profile.isPending && comId !== undefined}
              error={profile.error}
              empty={
                comId === undefined
                  ? 'This site has no battery sensor.'
                  : profile.data && profile.data.points.length === 0
                    ? 'No voltage readings in this range.'
                    : null
              }
            />
            <ChartCard
              title="DC load current"
              option={currentOption}
              label="DC load current over time"
              testId="current-chart"
              loading={current.isPending}
              error={current.error}
              empty={
                current.data && current.data.points.length === 0 ? 'No current readings in this range.' : null
              }
            />
            <ChartCard
              title="Battery health history · this month"
              aside={
                <Text size="xs" c="dimmed" ta="right" data-testid="health-latest">
                  {healthLatest(healthData)}
                </Text>
              }
              option={healthOption}
              label="Share of readings beyond the battery health thresholds per day"
              testId="health-history-chart"
              loading={health.some((h) => h.isPending) && comId !== undefined}
              error={health.find((h) => h.error)?.error}
              empty={healthEmpty ? 'No battery readings this month.' : null}
            />
            <Group justify="space-between">
              <Text fw={600}>Energy and power per hour</Text>
              <DaySelect value={day} onChange={setDay} />
            </Group>
            <ChartCard
              title="Energy consumption"
              aside={
                <Text size="sm" fw={700} data-testid="energy-total">
                  {energy.data ? reading(energy.data.totalKwh, 'kWh', 2) : '—'}
                </Text>
              }
              option={energyOption}
              label="DC energy per hour"
              testId="energy-chart"
              height={200}
              loading={energy.isPending}
              error={energy.error}
            />
            <ChartCard
              title="Power trend"
              option={trendOption}
              label="DC load power per hour"
              testId="power-trend-chart"
              height={200}
              loading={trend.isPending}
              error={trend.error}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <EventsPanel state={events} user={user} height={900} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
