import { formatChartLabel } from '../../lib/time.ts';
import { type ChartOption, dhakaTimeAxis } from '../../ui/chart.tsx';

/**
 * ECharts options of the power pages (docs/requirements.md#chart-labels: 'h:mm aa' for hours,
 * 'd MMM' otherwise, Asia/Dhaka). Built from plain rows so they can be tested without a browser.
 */

/** Time in ms and the bucket's average, min and max (a null average is a gap). */
export interface SeriesPoint {
  t: number;
  avg: number | null;
  min?: number | null;
  max?: number | null;
}

/** One line of a time chart. */
export interface TimeLine {
  name: string;
  points: readonly SeriesPoint[];
  /** Draws the min–max band of each bucket under the line. */
  band?: boolean;
  colour?: string;
}

/** Hour labels for ranges up to two days, day labels beyond (docs/requirements.md#chart-labels). */
export function chartResolution(fromMs: number, untilMs: number): 'hour' | 'day' {
  return untilMs - fromMs <= 2 * 24 * 3600_000 ? 'hour' : 'day';
}

/** The resolution of the last `hours`: hours up to two days. */
export function resolutionForHours(hours: number): 'hour' | 'day' {
  return chartResolution(0, hours * 3600_000);
}

/** The span of the last `hours` up to now (ms). */
export function lastHours(hours: number, now = Date.now()): { from: number; until: number } {
  return { from: now - hours * 3600_000, until: now };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A line chart over time: each line its average per bucket, optionally its min–max band (two stacked
 * series: the invisible minimum, then max − min filled), a unit on the y axis and tooltip.
 */
export function timeSeriesOption(
  lines: readonly TimeLine[],
  options: {
    unit: string;
    resolution: 'hour' | 'day';
    min?: number;
    max?: number;
    /** The x axis spans this range (ms) whatever the data covers. */
    span?: { from: number; until: number };
  },
): ChartOption {
  const { unit, resolution, span } = options;
  const series: object[] = [];
  for (const line of lines) {
    series.push({
      type: 'line',
      name: line.name,
      data: line.points.map((p) => [p.t, p.avg === null ? null : round(p.avg)]),
      showSymbol: line.points.length < 60,
      symbolSize: 4,
      connectNulls: false,
      lineStyle: { width: 2, ...(line.colour ? { color: line.colour } : {}) },
      ...(line.colour ? { itemStyle: { color: line.colour } } : {}),
    });
    if (line.band) {
      const stack = `band-${line.name}`;
      series.push(
        {
          type: 'line',
          name: `${line.name} min`,
          stack,
          data: line.points.map((p) => [p.t, p.min ?? null]),
          lineStyle: { opacity: 0 },
          showSymbol: false,
          silent: true,
          tooltip: { show: false },
        },
        {
          type: 'line',
          name: `${line.name} range`,
          stack,
          data: line.points.map((p) => [
            p.t,
            p.min !== null && p.min !== undefined && p.max !== null && p.max !== undefined
              ? round(p.max - p.min)
              : null,
          ]),
          lineStyle: { opacity: 0 },
          areaStyle: { opacity: 0.18, ...(line.colour ? { color: line.colour } : {}) },
          showSymbol: false,
          silent: true,
          tooltip: { show: false },
        },
      );
    }
  }
  return {
    grid: { left: 52, right: 16, top: lines.length > 1 ? 32 : 16, bottom: 28 },
    legend: lines.length > 1 ? { data: lines.map((l) => l.name), top: 0 } : undefined,
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number | null) =>
        value === null || value === undefined ? '—' : `${value} ${unit}`,
    },
    xAxis: { ...dhakaTimeAxis(resolution), ...(span ? { min: span.from, max: span.until } : {}) },
    yAxis: {
      type: 'value',
      scale: options.min === undefined,
      min: options.min,
      max: options.max,
      axisLabel: { formatter: `{value} ${unit}` },
    },
    series,
  };
}

/** One bar group of a per-day chart: the Dhaka date and a value per series name. */
export interface DayBars {
  date: string;
  values: Readonly<Record<string, number | null>>;
}

/**
 * Bars per Asia/Dhaka day ('d MMM' labels): one series per name (DG and PG run hours, energy…),
 * optional y maximum (24 h, 100 %).
 */
export function dailyBarsOption(
  days: readonly DayBars[],
  names: readonly string[],
  options: { unit: string; max?: number; digits?: number; colours?: readonly string[] },
): ChartOption {
  const { unit, digits = 1 } = options;
  return {
    grid: { left: 52, right: 16, top: names.length > 1 ? 32 : 16, bottom: 28 },
    legend: names.length > 1 ? { data: [...names], top: 0 } : undefined,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: number | null) =>
        value === null || value === undefined ? '—' : `${value} ${unit}`,
    },
    xAxis: { type: 'category', data: days.map((d) => formatChartLabel(d.date, 'day')) },
    yAxis: { type: 'value', max: options.max, axisLabel: { formatter: `{value} ${unit}` } },
    series: names.map((name, index) => ({
      type: 'bar',
      name,
      barMaxWidth: 18,
      data: days.map((d) => {
        const value = d.values[name];
        return value === null || value === undefined ? null : round(value, digits);
      }),
      ...(options.colours?.[index] ? { itemStyle: { color: options.colours[index] } } : {}),
    })),
  };
}
