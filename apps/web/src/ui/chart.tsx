import { useMantineColorScheme, useMantineTheme } from '@mantine/core';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import { formatChartLabel } from '../lib/time.ts';

/*
 * The app's one charting library (docs/decisions/charts-echarts.md): ECharts core with only the
 * chart kinds and components registered here, so pages pull in what they draw and nothing else. Import
 * this file from lazily loaded pages only (it is ~150 KB gzip; `/login` must stay under its budget).
 */
echarts.use([
  LineChart,
  BarChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  MarkPointComponent,
  MarkAreaComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** An ECharts option object (series, axes, tooltip, …). */
export type ChartOption = echarts.EChartsCoreOption;

/** Props of {@link Chart}. */
export interface ChartProps {
  /** The chart's option; a new object redraws the chart (merge off: series removed are removed). */
  option: ChartOption;
  /** Height in pixels (the width follows the container). */
  height?: number;
  /** Accessible name of the chart (ECharts draws on a canvas, so screen readers read this). */
  label: string;
  /** Shows ECharts' own loading mask while the data is on its way. */
  loading?: boolean;
  /** `data-testid` of the chart's container, for e2e tests. */
  testId?: string;
}

/** One chart: an ECharts instance sized to its container, redrawn when `option` changes, disposed on unmount. */
export function Chart({ option, height = 260, label, loading = false, testId }: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts | null>(null);
  const { colorScheme } = useMantineColorScheme();
  const theme = colorScheme === 'dark' ? 'dark' : undefined;
  const mantine = useMantineTheme();
  const palette = useMemo(
    () =>
      [mantine.primaryColor, 'orange', 'teal', 'red', 'grape', 'yellow', 'cyan', 'pink'].map(
        (name) => mantine.colors[name]?.[colorScheme === 'dark' ? 4 : 6] ?? name,
      ),
    [mantine, colorScheme],
  );

  const latest = useRef({ option, palette, loading });
  latest.current = { option, palette, loading };

  useEffect(() => {
    if (!host.current) return;
    const chart = echarts.init(host.current, theme, { renderer: 'canvas' });
    instance.current = chart;
    draw(chart, latest.current);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(host.current);
    return () => {
      observer.disconnect();
      chart.dispose();
      instance.current = null;
    };
  }, [theme]);

  useEffect(() => {
    if (instance.current) draw(instance.current, { option, palette, loading });
  }, [option, palette, loading]);

  return (
    <div ref={host} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />
  );
}

/**
 * A time axis labelled in Asia/Dhaka the spec's way (docs/requirements.md#chart-labels): `h:mm aa` when the
 * chart shows hours, `d MMM` otherwise.
 */
export function dhakaTimeAxis(resolution: 'hour' | 'day'): ChartOption {
  return {
    type: 'time',
    axisLabel: { formatter: (value: number) => formatChartLabel(value, resolution), hideOverlap: true },
  };
}

function draw(
  chart: echarts.ECharts,
  state: { option: ChartOption; palette: string[]; loading: boolean },
): void {
  chart.setOption(
    { backgroundColor: 'transparent', color: state.palette, ...state.option },
    { notMerge: true },
  );
  if (state.loading) chart.showLoading();
  else chart.hideLoading();
}
