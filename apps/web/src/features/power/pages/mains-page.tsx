import { Grid, Stack, Text, useMantineTheme } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { ROUTES } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { useAuthUser } from '../../auth/index.ts';
import { EventsPanel, useLiveSite } from '../../site-overview/index.ts';
import {
  eventFetchers,
  mainsAvailabilityQueryOptions,
  type SiteQuery,
  seriesQueryOptions,
} from '../api/power-api.ts';
import { dailyBarsOption, lastHours, resolutionForHours, timeSeriesOption } from '../chart-options.ts';
import { ChartCard } from '../../../ui/chart-card.tsx';
import { PhaseCards } from '../components/phase-cards.tsx';
import { SeriesRangeControl } from '../components/series-range.tsx';
import { SitePageHeader } from '../components/site-page-header.tsx';
import { usePowerEvents } from '../hooks/use-power-events.ts';
import { chartPoints, meanOf, monthDates, phaseReadings, seriesRange } from '../power-model.ts';

const PHASES = ['mains_phase_a', 'mains_phase_b', 'mains_phase_c'] as const;

/** /mains of the open site (docs/requirements.md#power-pages). */
export function MainsPage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) return <Navigate to={ROUTES.siteList} replace />;
  return <Mains q={{ siteUid: site.siteUid, tenant: site.tenant }} siteName={site.name} />;
}

/**
 * The phase voltages live in the spec's colours, their chart over the chosen range, mains availability
 * per day of the month, and the mains events (mains outage, mains fail, site down, rectifier fail
 * prepended live for the focused tenant).
 */
function Mains({ q, siteName }: { q: SiteQuery; siteName: string }) {
  const user = useAuthUser();
  const theme = useMantineTheme();
  const { details, alarms } = useLiveSite(q.siteUid);
  const [rangeChoice, setRangeChoice] = useState('24');
  const range = seriesRange(rangeChoice);
  const month = useMemo(() => monthDates(new Date()), []);
  const phaseSeries = useQueries({
    queries: PHASES.map((kind) => seriesQueryOptions('mains', q, kind, range)),
  });
  const availability = useQuery(mainsAvailabilityQueryOptions(q, month.fromDate, month.days));
  const events = usePowerEvents(user, 'mains', q, eventFetchers.mains(q), `${q.siteUid}:${q.tenant}`);

  const phases = details.data ? phaseReadings(details.data.pinConfigs, q.tenant) : [];
  const mainsAlarm = alarms.data?.items.find(
    (a) => a.id === 'mains_fail' && a.isAvailable && (!a.tenant || !q.tenant || a.tenant === q.tenant),
  );
  const mainsPresent = mainsAlarm ? mainsAlarm.isNormal : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the series' update times.
  const phaseOption = useMemo(
    () =>
      timeSeriesOption(
        phaseSeries.map((s, i) => ({
          name: `Phase ${'ABC'[i]}`,
          points: chartPoints(s.data?.points ?? []),
          colour: [theme.colors.red[6], theme.colors.yellow[6], theme.colors.blue[6]][i],
        })),
        { unit: 'V', resolution: resolutionForHours(range.hours), min: 0, span: lastHours(range.hours) },
      ),
    [phaseSeries.map((s) => s.dataUpdatedAt).join(), range.hours, theme],
  );
  const days = availability.data?.days ?? [];
  const availabilityOption = useMemo(
    () =>
      dailyBarsOption(
        days.map((d) => ({ date: d.date, values: { Availability: d.availability } })),
        ['Availability'],
        { unit: '%', max: 100, colours: [theme.colors.teal[6]] },
      ),
    [days, theme],
  );
  const monthMean = meanOf(days.map((d) => d.availability));
  const hasPhaseData = phaseSeries.some((s) => (s.data?.points.length ?? 0) > 0);
  const outages = days.reduce((sum, d) => sum + d.outages, 0);

  return (
    <Stack gap="md">
      <SitePageHeader title="Mains" siteName={siteName} tenant={q.tenant}>
        <SeriesRangeControl value={rangeChoice} onChange={setRangeChoice} />
      </SitePageHeader>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <PhaseCards phases={phases} mainsPresent={mainsPresent} />
            <ChartCard
              title="Phase voltages"
              option={phaseOption}
              label="Mains phase voltages over time"
              testId="phase-chart"
              loading={phaseSeries.some((s) => s.isPending)}
              error={phaseSeries.find((s) => s.error)?.error}
              empty={hasPhaseData ? null : 'No phase readings in this range.'}
            />
            <ChartCard
              title="Mains availability per day"
              aside={
                <Text size="sm" fw={700} data-testid="mains-availability-mean">
                  {monthMean === null ? '—' : `${monthMean.toFixed(1)}% this month · ${outages} outages`}
                </Text>
              }
              option={availabilityOption}
              label="Mains availability per day"
              testId="mains-availability-chart"
              loading={availability.isPending}
              error={availability.error}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <EventsPanel state={events} user={user} height={640} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
