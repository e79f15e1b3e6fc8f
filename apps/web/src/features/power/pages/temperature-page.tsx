import { Grid, Stack, useMantineTheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { useAuthUser } from '../../auth/index.ts';
import { EventsPanel, useLiveSite } from '../../site-overview/index.ts';
import { climateQueryOptions, eventFetchers, type SiteQuery, seriesQueryOptions } from '../api/power-api.ts';
import { lastHours, resolutionForHours, timeSeriesOption } from '../chart-options.ts';
import { ChartCard } from '../../../ui/chart-card.tsx';
import { ClimateSummary } from '../components/climate-summary.tsx';
import { recentDays } from '../components/day-select.tsx';
import { SeriesRangeControl } from '../components/series-range.tsx';
import { SitePageHeader } from '../components/site-page-header.tsx';
import { usePowerEvents } from '../hooks/use-power-events.ts';
import { chartPoints, pinReading, seriesRange } from '../power-model.ts';

/** /temperature of the open site (docs/requirements.md#power-pages). */
export function TemperaturePage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) return <Navigate to={ROUTES.siteList} replace />;
  return <Temperature q={{ siteUid: site.siteUid, tenant: site.tenant }} siteName={site.name} />;
}

/**
 * Temperature and humidity now (live) and over the chosen range, today's climate summary, and the
 * temperature events (high temperature prepended live).
 */
function Temperature({ q, siteName }: { q: SiteQuery; siteName: string }) {
  const user = useAuthUser();
  const theme = useMantineTheme();
  const { details, extras } = useLiveSite(q.siteUid);
  const [rangeChoice, setRangeChoice] = useState('24');
  const range = seriesRange(rangeChoice);
  const today = useMemo(() => recentDays(1)[0]?.value ?? '', []);
  const temperature = useQuery(seriesQueryOptions('temperature', q, 'temperature', range));
  const humidity = useQuery(seriesQueryOptions('temperature', q, 'humidity', range));
  const climate = useQuery(climateQueryOptions(q, today));
  const events = usePowerEvents(
    user,
    'temperature',
    q,
    eventFetchers.temperature(q),
    `${q.siteUid}:${q.tenant}`,
  );

  const pins = details.data?.pinConfigs ?? [];
  const hours = range.hours;
  const resolution = resolutionForHours(hours);
  const high = climate.data?.highTemperature ?? null;
  const temperatureOption = useMemo(() => {
    const option = timeSeriesOption(
      [
        {
          name: 'Temperature',
          points: chartPoints(temperature.data?.points ?? []),
          band: true,
          colour: theme.colors.red[6],
        },
      ],
      { unit: '°C', resolution, span: lastHours(hours) },
    ) as { series: Record<string, unknown>[] };
    const first = option.series[0];
    if (first && high !== null)
      first.markLine = {
        silent: true,
        symbol: 'none',
        lineStyle: { type: 'dashed', color: theme.colors.red[8] },
        label: { formatter: `High ${high} °C`, position: 'insideEndTop' },
        data: [{ yAxis: high }],
      };
    return option;
  }, [temperature.data, resolution, hours, theme, high]);
  const humidityOption = useMemo(
    () =>
      timeSeriesOption(
        [
          {
            name: 'Humidity',
            points: chartPoints(humidity.data?.points ?? []),
            band: true,
            colour: theme.colors.cyan[6],
          },
        ],
        { unit: '%', resolution, min: 0, max: 100, span: lastHours(hours) },
      ),
    [humidity.data, resolution, hours, theme],
  );

  return (
    <Stack gap="md">
      <SitePageHeader title="Temperature" siteName={siteName} tenant={q.tenant}>
        <SeriesRangeControl value={rangeChoice} onChange={setRangeChoice} />
      </SitePageHeader>
      <ClimateSummary
        temperature={
          extras.temperature ??
          pinReading(pins, ['temperature'], q.tenant) ??
          climate.data?.items[0]?.temperature.latest ??
          null
        }
        humidity={
          extras.humidity ??
          pinReading(pins, ['humidity'], q.tenant) ??
          climate.data?.items[0]?.humidity.latest ??
          null
        }
        item={climate.data?.items.find((i) => i.siteUid === q.siteUid)}
        highTemperature={high}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <ChartCard
              title="Temperature"
              option={temperatureOption}
              label="Temperature over time"
              testId="temperature-chart"
              loading={temperature.isPending}
              error={temperature.error}
              empty={
                temperature.data && temperature.data.points.length === 0
                  ? 'No temperature readings in this range.'
                  : null
              }
            />
            <ChartCard
              title="Humidity"
              option={humidityOption}
              label="Humidity over time"
              testId="humidity-chart"
              loading={humidity.isPending}
              error={humidity.error}
              empty={
                humidity.data && humidity.data.points.length === 0
                  ? 'No humidity readings in this range.'
                  : null
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <EventsPanel state={events} user={user} height={560} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
