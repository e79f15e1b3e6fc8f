import { Stack, useMantineTheme } from '@mantine/core';
import type { TemperatureReportReply, TemperatureReportRow } from '@towerwatch/contract';
import { useMemo } from 'react';
import { ChartCard } from '../../../ui/chart-card.tsx';
import type { SortableColumn } from '../../../ui/sortable-table.tsx';
import { siteBarsOption } from '../report-charts.ts';
import { formatMinutes, formatNumber } from '../report-model.ts';
import { completenessColumn, FigureCards, Flag, ReportTable, siteColumns } from './report-parts.tsx';

const celsius = (v: number | null) => formatNumber(v, 1, '°C');

function columns(): SortableColumn<TemperatureReportRow>[] {
  return [
    ...siteColumns<TemperatureReportRow>(),
    { key: 'max', label: 'Max', value: (r) => r.maxC, align: 'right', render: (r) => celsius(r.maxC) },
    { key: 'mean', label: 'Mean', value: (r) => r.meanC, align: 'right', render: (r) => celsius(r.meanC) },
    {
      key: 'threshold',
      label: 'High at',
      value: (r) => r.thresholdC,
      align: 'right',
      render: (r) => celsius(r.thresholdC),
    },
    {
      key: 'above',
      label: 'Time above',
      value: (r) => r.minutesAbove,
      align: 'right',
      render: (r) => formatMinutes(r.minutesAbove),
    },
    { key: 'episodes', label: 'Episodes', value: (r) => r.episodes, align: 'right' },
    {
      key: 'perMonth',
      label: 'Per month',
      value: (r) => r.episodesPerMonth,
      align: 'right',
      render: (r) => (
        <>
          {formatNumber(r.episodesPerMonth, 1)}
          <Flag on={r.frequent}>frequent</Flag>
        </>
      ),
    },
    completenessColumn<TemperatureReportRow>(),
  ];
}

/** The temperature report: time above each site's high threshold, max and mean, episodes per month. */
export function TemperatureReport({ reply }: { reply: TemperatureReportReply }) {
  const theme = useMantineTheme();
  const frequency = reply.parameters.monthlyFrequency;
  const option = useMemo(
    () =>
      siteBarsOption(
        [...reply.sites]
          .sort((a, b) => b.episodesPerMonth - a.episodesPerMonth)
          .map((r) => ({ name: r.siteName, value: r.episodesPerMonth })),
        {
          unit: '',
          series: 'Episodes per month',
          threshold: { value: frequency, label: `${frequency} / month` },
          colour: theme.colors.orange[6],
        },
      ),
    [reply.sites, frequency, theme],
  );
  const t = reply.totals;
  return (
    <Stack gap="md">
      <FigureCards
        compare={false}
        figures={[
          {
            label: `Sites at ≥ ${frequency} per month`,
            value: t.sitesFrequent,
            format: (v) => `${formatNumber(v, 0)} of ${formatNumber(t.sites, 0)}`,
          },
          { label: 'Highest', value: t.maxC, format: (v) => celsius(v) },
          { label: 'Mean', value: t.meanC, format: (v) => celsius(v) },
          { label: 'Time above', value: t.minutesAbove, format: formatMinutes },
          { label: 'Episodes', value: t.episodes, format: (v) => formatNumber(v, 0) },
        ]}
      />
      <ChartCard
        title="High-temperature episodes per month (most first)"
        option={option}
        label="High-temperature episodes per month per site"
        testId="temperature-report-chart"
        height={300}
        empty={reply.sites.some((r) => r.episodes > 0) ? null : 'No high-temperature episode in this period.'}
      />
      <ReportTable
        columns={columns()}
        rows={reply.sites}
        caption="Temperature report"
        emptyText="No site in this report."
        initialSortKey="perMonth"
      />
    </Stack>
  );
}
