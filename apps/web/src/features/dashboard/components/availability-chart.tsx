import { Group, Loader, Paper, Text } from '@mantine/core';
import type { NetworkAvailabilityReply } from '@towerwatch/contract';
import { useMemo } from 'react';
import { formatChartLabel } from '../../../lib/time.ts';
import { Chart, type ChartOption } from '../../../ui/chart.tsx';

/** Props of {@link AvailabilityChart}. */
export interface AvailabilityChartProps {
  data: NetworkAvailabilityReply | undefined;
  rangeLabel: string;
}

/** Network availability per day over the dashboard range, as a line chart. */
export function AvailabilityChart({ data, rangeLabel }: AvailabilityChartProps) {
  const items = data?.items ?? [];
  const latest = items.at(-1);
  const option = useMemo<ChartOption>(() => {
    const rows = data?.items ?? [];
    const low = Math.min(99, ...rows.map((item) => item.availability));
    return {
      grid: { left: 44, right: 12, top: 12, bottom: 26 },
      tooltip: {
        trigger: 'axis',
        formatter: (params: { dataIndex: number }[]) => {
          const item = rows[params[0]?.dataIndex ?? -1];
          return item
            ? `${formatChartLabel(item.date, 'day')}: ${item.availability.toFixed(2)}% (${item.sitesDown} sites down)`
            : '';
        },
      },
      xAxis: {
        type: 'category',
        data: rows.map((item) => formatChartLabel(item.date, 'day')),
        boundaryGap: false,
      },
      yAxis: {
        type: 'value',
        min: Math.max(0, Math.floor(low - 1)),
        max: 100,
        axisLabel: { formatter: '{value}%' },
      },
      series: [
        {
          type: 'line',
          name: 'Availability',
          data: rows.map((item) => item.availability),
          symbolSize: 6,
          lineStyle: { width: 2 },
          areaStyle: { opacity: 0.15 },
        },
      ],
    };
  }, [data]);

  return (
    <Paper withBorder p="sm" radius="md" h="100%" component="section" aria-label="Availability">
      <Group justify="space-between" mb={4}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          Network availability · {rangeLabel}
        </Text>
        {data === undefined ? (
          <Loader size={12} />
        ) : (
          latest && (
            <Text size="sm" fw={700} c={latest.availability >= 99 ? 'teal' : 'orange'}>
              {latest.availability.toFixed(2)}% today
            </Text>
          )
        )}
      </Group>
      <Chart option={option} height={180} label="Availability per day" testId="availability-chart" />
    </Paper>
  );
}
