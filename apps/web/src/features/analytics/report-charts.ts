import { formatChartLabel } from '../../lib/time.ts';
import type { ChartOption } from '../../ui/chart.tsx';

/**
 * ECharts options of the reports, built from plain rows so they can be tested without a browser
 * (docs/requirements.md#chart-labels: days as 'd MMM', Asia/Dhaka).
 */

/** One bar of a site chart: the site, its figure, and the compared period's figure. */
export interface SiteBar {
  name: string;
  value: number | null;
  previous?: number | null;
}

/** Most sites a site chart draws (the table lists them all). */
export const CHART_SITES = 20;

const round = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Bars per site: the first {@link CHART_SITES} of `bars` (already ordered), the compared period as a
 * second bar beside each when `compare` names it, and the threshold as a dashed line.
 */
export function siteBarsOption(
  bars: readonly SiteBar[],
  options: {
    unit: string;
    digits?: number;
    series: string;
    compare?: string | null;
    threshold?: { value: number; label: string } | null;
    colour?: string;
    previousColour?: string;
  },
): ChartOption {
  const shown = bars.slice(0, CHART_SITES);
  const digits = options.digits ?? 1;
  const names = options.compare ? [options.series, options.compare] : [options.series];
  return {
    grid: { left: 56, right: 24, top: names.length > 1 ? 32 : 16, bottom: 80 },
    legend: names.length > 1 ? { data: names, top: 0 } : undefined,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: number | null) =>
        value === null || value === undefined ? '—' : `${value} ${options.unit}`,
    },
    xAxis: {
      type: 'category',
      data: shown.map((bar) => bar.name),
      axisLabel: { rotate: 35, fontSize: 10, hideOverlap: true, width: 110, overflow: 'truncate' },
      axisTick: { show: false },
    },
    yAxis: { type: 'value', axisLabel: { formatter: `{value} ${options.unit}` } },
    series: [
      {
        type: 'bar',
        name: options.series,
        barMaxWidth: 18,
        data: shown.map((bar) => round(bar.value, digits)),
        ...(options.colour ? { itemStyle: { color: options.colour } } : {}),
        ...(options.threshold
          ? {
              markLine: {
                symbol: 'none',
                lineStyle: { type: 'dashed' },
                label: { formatter: options.threshold.label, position: 'insideEndTop' },
                data: [{ yAxis: options.threshold.value }],
              },
            }
          : {}),
      },
      ...(options.compare
        ? [
            {
              type: 'bar',
              name: options.compare,
              barMaxWidth: 18,
              data: shown.map((bar) => round(bar.previous, digits)),
              ...(options.previousColour ? { itemStyle: { color: options.previousColour } } : {}),
            },
          ]
        : []),
    ],
  };
}

/** One day of the fleet's mains availability. */
export interface AvailabilityDay {
  date: string;
  availabilityPct: number | null;
}

/** Mains availability per Asia/Dhaka day (a day without data is a gap). */
export function availabilityDaysOption(
  days: readonly AvailabilityDay[],
  options: { colour?: string } = {},
): ChartOption {
  const known = days.map((d) => d.availabilityPct).filter((v): v is number => v !== null);
  const low = known.length ? Math.min(...known) : 100;
  return {
    grid: { left: 52, right: 24, top: 16, bottom: 28 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number | null) =>
        value === null || value === undefined ? 'no data' : `${value} %`,
    },
    xAxis: { type: 'category', data: days.map((d) => formatChartLabel(d.date, 'day')) },
    // Availability sits near 100 %: start the axis below the lowest day so differences show.
    yAxis: {
      type: 'value',
      min: Math.max(0, Math.floor(low / 5) * 5 - 5),
      max: 100,
      axisLabel: { formatter: '{value} %' },
    },
    series: [
      {
        type: 'line',
        name: 'Availability',
        connectNulls: false,
        showSymbol: days.length <= 45,
        areaStyle: { opacity: 0.15 },
        data: days.map((d) => round(d.availabilityPct, 2)),
        ...(options.colour
          ? { itemStyle: { color: options.colour }, lineStyle: { color: options.colour } }
          : {}),
      },
    ],
  };
}
