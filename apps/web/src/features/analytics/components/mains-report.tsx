import { Stack, Text, useMantineTheme } from '@mantine/core';
import type { MainsReportReply, MainsReportRow } from '@towerwatch/contract';
import { useMemo } from 'react';
import { ChartCard } from '../../../ui/chart-card.tsx';
import type { SortableColumn } from '../../../ui/sortable-table.tsx';
import { availabilityDaysOption } from '../report-charts.ts';
import { formatMinutes, formatNumber, hasData, previousOf } from '../report-model.ts';
import {
  completenessColumn,
  FigureCards,
  Flag,
  PreviousCell,
  ReportTable,
  siteColumns,
} from './report-parts.tsx';

const percent = (v: number) => formatNumber(v, 2, '%');

function columns(compare: boolean, dailyAvg: number | null): SortableColumn<MainsReportRow>[] {
  return [
    ...siteColumns<MainsReportRow>(),
    {
      key: 'availability',
      label: 'Availability',
      value: (r) => r.availabilityPct,
      align: 'right',
      render: (r) => (r.availabilityPct === null ? 'no data' : percent(r.availabilityPct)),
    },
    ...(compare
      ? [
          {
            key: 'availabilityPrevious',
            label: 'Availability before',
            value: (r: MainsReportRow) => previousOf(r)?.availabilityPct ?? null,
            align: 'right' as const,
            render: (r: MainsReportRow) => (
              <PreviousCell
                current={r.availabilityPct}
                previous={previousOf(r)?.availabilityPct}
                format={percent}
                points
              />
            ),
          },
        ]
      : []),
    {
      key: 'outage',
      label: 'Outage time',
      value: (r) => r.outageMinutes,
      align: 'right',
      render: (r) => formatMinutes(r.outageMinutes),
    },
    { key: 'outages', label: 'Outages', value: (r) => r.outageCount, align: 'right' },
    {
      key: 'hoursPerDay',
      label: 'Mains h/day',
      value: (r) => r.mainsHoursPerDay,
      align: 'right',
      render: (r) => (
        <>
          {formatNumber(r.mainsHoursPerDay, 1, 'h')}
          <Flag on={r.belowDailyAvg}>below {dailyAvg} h</Flag>
        </>
      ),
    },
    completenessColumn<MainsReportRow>(),
  ];
}

/** The mains report: availability, outage time and count, daily mains hours per site; the fleet per day. */
export function MainsReport({ reply, compare }: { reply: MainsReportReply; compare: boolean }) {
  const theme = useMantineTheme();
  const option = useMemo(
    () => availabilityDaysOption(reply.days, { colour: theme.colors.teal[6] }),
    [reply.days, theme],
  );
  const t = reply.totals;
  const p = reply.previousTotals;
  const dailyAvg = reply.parameters.dailyAvgHours;
  return (
    <Stack gap="md">
      <FigureCards
        compare={compare}
        previousEmpty={!hasData(p)}
        figures={[
          {
            label: 'Availability',
            value: t.availabilityPct,
            previous: p?.availabilityPct,
            format: percent,
            better: 'up',
            points: true,
          },
          {
            label: 'Outage time',
            value: t.outageMinutes,
            previous: p?.outageMinutes,
            format: formatMinutes,
            better: 'down',
          },
          {
            label: 'Outages',
            value: t.outageCount,
            previous: p?.outageCount,
            format: (v) => formatNumber(v, 0),
            better: 'down',
          },
          {
            label: 'Mains per day',
            value: t.mainsHoursPerDay,
            previous: p?.mainsHoursPerDay,
            format: (v) => formatNumber(v, 1, 'h'),
            better: 'up',
          },
          dailyAvg === null
            ? {
                label: 'Data completeness',
                value: t.completenessPct,
                previous: p?.completenessPct,
                format: (v) => formatNumber(v, 1, '%'),
                points: true,
              }
            : {
                label: `Sites below ${dailyAvg} h/day`,
                value: t.sitesBelowDailyAvg,
                previous: p?.sitesBelowDailyAvg,
                format: (v) => formatNumber(v, 0),
                better: 'down',
              },
        ]}
      />
      <ChartCard
        title="Mains availability per day"
        aside={
          <Text size="xs" c="dimmed">
            Device-offline time is a gap, not availability
          </Text>
        }
        option={option}
        label="Mains availability per day"
        testId="mains-report-chart"
        height={260}
        empty={reply.days.some((d) => d.availabilityPct !== null) ? null : 'No mains data in this period.'}
      />
      <ReportTable
        columns={columns(compare, dailyAvg)}
        rows={reply.sites}
        caption="Mains report"
        emptyText="No site in this report."
        initialSortKey="outage"
      />
    </Stack>
  );
}
