import { describe, expect, it } from 'vitest';
import { chartResolution, dailyBarsOption, timeSeriesOption } from './chart-options.ts';

type Formatter = (value: number) => string;
const HOUR = 3600_000;

describe('power chart options', () => {
  it('labels hours for up to two days, days beyond', () => {
    expect(chartResolution(0, 24 * HOUR)).toBe('hour');
    expect(chartResolution(0, 48 * HOUR)).toBe('hour');
    expect(chartResolution(0, 49 * HOUR)).toBe('day');
  });

  it('draws a time chart with Dhaka hour labels and a min–max band', () => {
    // 2025-11-20 06:30 UTC is 12:30 PM in Dhaka.
    const t = Date.UTC(2025, 10, 20, 6, 30);
    const option = timeSeriesOption(
      [{ name: 'Voltage', points: [{ t, avg: 52.345, min: 51, max: 53.5 }], band: true }],
      { unit: 'V', resolution: 'hour' },
    ) as {
      xAxis: { axisLabel: { formatter: Formatter } };
      series: { name: string; data: [number, number | null][] }[];
    };
    expect(option.xAxis.axisLabel.formatter(t)).toBe('12:30 PM');
    expect(option.series.map((s) => s.name)).toEqual(['Voltage', 'Voltage min', 'Voltage range']);
    expect(option.series[0]?.data).toEqual([[t, 52.35]]);
    expect(option.series[1]?.data).toEqual([[t, 51]]);
    expect(option.series[2]?.data).toEqual([[t, 2.5]]);
  });

  it('keeps gaps as gaps and labels days as d MMM', () => {
    const t = Date.UTC(2025, 10, 20, 20, 0); // 21 Nov in Dhaka
    const option = timeSeriesOption([{ name: 'T', points: [{ t, avg: null }] }], {
      unit: '°C',
      resolution: 'day',
    }) as { xAxis: { axisLabel: { formatter: Formatter } }; series: { data: unknown[] }[] };
    expect(option.series).toHaveLength(1);
    expect(option.series[0]?.data).toEqual([[t, null]]);
    expect(option.xAxis.axisLabel.formatter(t)).toBe('21 Nov');
  });

  it('draws one bar series per name with day labels', () => {
    const option = dailyBarsOption(
      [
        { date: '2025-11-01', values: { DG: 2.25, PG: null } },
        { date: '2025-11-02', values: { DG: 0, PG: 1.04 } },
      ],
      ['DG', 'PG'],
      { unit: 'h', max: 24 },
    ) as { xAxis: { data: string[] }; yAxis: { max: number }; series: { name: string; data: unknown[] }[] };
    expect(option.xAxis.data).toEqual(['1 Nov', '2 Nov']);
    expect(option.yAxis.max).toBe(24);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['DG', [2.3, 0]],
      ['PG', [null, 1]],
    ]);
  });
});
