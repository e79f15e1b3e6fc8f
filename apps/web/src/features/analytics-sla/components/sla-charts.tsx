import { SimpleGrid } from '@mantine/core';
import type { SlaTenantRow } from '@towerwatch/contract';
import { SLA_CAUSE_LABELS, SLA_CAUSES, tenantLabel } from '@towerwatch/domain';
import { useMemo } from 'react';
import { Chart, type ChartOption } from '../../../ui/chart.tsx';
import { tenantBars } from '../sla-model.ts';

/** Props of {@link SlaCharts}. */
export interface SlaChartsProps {
  rows: readonly SlaTenantRow[];
  target: number;
  loading: boolean;
}

/** Availability per tenant against the target line, and outage minutes per tenant by cause. */
export function SlaCharts({ rows, target, loading }: SlaChartsProps) {
  const availability = useMemo<ChartOption>(() => {
    const bars = tenantBars(rows, target);
    const lowest = Math.min(target, ...bars.values.map((v) => v.value ?? 100));
    return {
      grid: { left: 48, right: 16, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: bars.tenants.map(tenantLabel) },
      yAxis: { type: 'value', min: Math.max(0, Math.floor(lowest - 1)), max: 100, name: '%' },
      series: [
        {
          type: 'bar',
          name: 'Availability',
          data: bars.values.map((v) => ({
            value: v.value,
            itemStyle: { color: v.meets ? '#12b886' : '#fa5252' },
          })),
          markLine: {
            symbol: 'none',
            data: [{ yAxis: target, name: 'Target' }],
            label: { position: 'insideEndTop', formatter: `Target ${target} %` },
            lineStyle: { type: 'dashed' },
          },
        },
      ],
    };
  }, [rows, target]);
  const causes = useMemo<ChartOption>(
    () => ({
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: rows.map((r) => tenantLabel(r.tenant)) },
      yAxis: { type: 'value', name: 'min' },
      series: SLA_CAUSES.map((cause) => ({
        type: 'bar',
        stack: 'causes',
        name: SLA_CAUSE_LABELS[cause],
        data: rows.map((r) => r.causes[cause]),
      })),
    }),
    [rows],
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Chart
        option={availability}
        label="Availability per tenant against the target"
        loading={loading}
        testId="sla-chart"
      />
      <Chart
        option={causes}
        label="Outage minutes per tenant by cause"
        loading={loading}
        testId="sla-causes-chart"
      />
    </SimpleGrid>
  );
}
