import { Stack, useMantineTheme } from '@mantine/core';
import type { BatteryReportReply, BatteryReportRow } from '@towerwatch/contract';
import { useMemo } from 'react';
import { ChartCard } from '../../../ui/chart-card.tsx';
import type { SortableColumn } from '../../../ui/sortable-table.tsx';
import { siteBarsOption } from '../report-charts.ts';
import { formatMinutes, formatNumber, hasData, previousOf } from '../report-model.ts';
import { completenessColumn, FigureCards, PreviousCell, ReportTable, siteColumns } from './report-parts.tsx';

const hours = (v: number) => formatNumber(v, 1, 'h');

function columns(compare: boolean): SortableColumn<BatteryReportRow>[] {
  return [
    ...siteColumns<BatteryReportRow>(),
    {
      key: 'backup',
      label: 'Backup',
      value: (r) => r.backupHours,
      align: 'right',
      render: (r) => formatNumber(r.backupHours, 1, 'h'),
    },
    {
      key: 'capacity',
      label: 'Capacity',
      value: (r) => r.capacityAh,
      align: 'right',
      render: (r) => formatNumber(r.capacityAh, 0, 'Ah'),
    },
    {
      key: 'volts',
      label: 'Voltage',
      value: (r) => r.volts,
      align: 'right',
      render: (r) => formatNumber(r.volts, 1, 'V'),
    },
    {
      key: 'soc',
      label: 'Charge',
      value: (r) => r.stateOfChargePct,
      align: 'right',
      render: (r) => formatNumber(r.stateOfChargePct, 0, '%'),
    },
    {
      key: 'soh',
      label: 'Health',
      value: (r) => r.soh,
      align: 'right',
      render: (r) => formatNumber(r.soh, 0, '%'),
    },
    {
      key: 'load',
      label: 'Mean load',
      value: (r) => r.meanLoadAmps,
      align: 'right',
      render: (r) => formatNumber(r.meanLoadAmps, 1, 'A'),
    },
    {
      key: 'onBattery',
      label: 'On battery',
      value: (r) => r.onBatteryMinutes,
      align: 'right',
      render: (r) => formatMinutes(r.onBatteryMinutes),
    },
    ...(compare
      ? [
          {
            key: 'onBatteryPrevious',
            label: 'On battery before',
            value: (r: BatteryReportRow) => previousOf(r)?.onBatteryMinutes ?? null,
            align: 'right' as const,
            render: (r: BatteryReportRow) => (
              <PreviousCell
                current={r.onBatteryMinutes}
                previous={previousOf(r)?.onBatteryMinutes}
                format={formatMinutes}
              />
            ),
          },
        ]
      : []),
    { key: 'discharges', label: 'Discharges', value: (r) => r.discharges, align: 'right' },
    { key: 'deep', label: 'Deep (≤ 42 V)', value: (r) => r.deepDischargeReadings, align: 'right' },
    completenessColumn<BatteryReportRow>(),
  ];
}

/** The battery report: the sites whose estimated backup is below the threshold, shortest first, with health. */
export function BatteryReport({ reply, compare }: { reply: BatteryReportReply; compare: boolean }) {
  const theme = useMantineTheme();
  const threshold = reply.parameters.minBackupHours;
  const option = useMemo(
    () =>
      siteBarsOption(
        reply.sites.map((r) => ({ name: r.siteName, value: r.backupHours })),
        {
          unit: 'h',
          series: 'Backup',
          threshold: { value: threshold, label: `${threshold} h` },
          colour: theme.colors.red[6],
        },
      ),
    [reply.sites, threshold, theme],
  );
  const t = reply.totals;
  const p = reply.previousTotals;
  return (
    <Stack gap="md">
      <FigureCards
        compare={compare}
        previousEmpty={!hasData(p)}
        figures={[
          {
            label: `Backup below ${threshold} h`,
            value: t.sitesBelow,
            format: (v) => `${formatNumber(v, 0)} of ${formatNumber(t.sites, 0)}`,
          },
          { label: 'Backup unknown', value: t.sitesUnknown, format: (v) => formatNumber(v, 0) },
          { label: 'Mean backup', value: t.meanBackupHours, format: hours, better: 'up' },
          {
            label: 'On battery',
            value: t.onBatteryMinutes,
            previous: p?.onBatteryMinutes,
            format: formatMinutes,
            better: 'down',
          },
          {
            label: 'Discharges',
            value: t.discharges,
            previous: p?.discharges,
            format: (v) => formatNumber(v, 0),
            better: 'down',
          },
        ]}
      />
      <ChartCard
        title={`Shortest backup (below ${threshold} h)`}
        option={option}
        label="Battery backup per site"
        testId="battery-report-chart"
        height={300}
        empty={reply.sites.length > 0 ? null : `No site's backup is below ${threshold} h.`}
      />
      <ReportTable
        columns={columns(compare)}
        rows={reply.sites}
        caption="Battery report"
        emptyText={`No site's backup is below ${threshold} h.`}
      />
    </Stack>
  );
}
