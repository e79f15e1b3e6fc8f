import { describe, expect, it } from 'vitest';
import { availabilityDaysOption, CHART_SITES, siteBarsOption } from './report-charts.ts';

type Series = { name: string; data: (number | null)[]; markLine?: { data: { yAxis: number }[] } };

describe('report charts', () => {
  it('draws the first sites in the given order, with the compared period beside and the threshold line', () => {
    const bars = Array.from({ length: CHART_SITES + 5 }, (_, i) => ({
      name: `S${i}`,
      value: 100 - i + 0.04,
      previous: i === 0 ? null : 50,
    }));
    const option = siteBarsOption(bars, {
      unit: 'h',
      series: 'DG run hours',
      compare: 'Period before',
      threshold: { value: 4, label: '4 h' },
    }) as { xAxis: { data: string[] }; series: Series[]; legend?: { data: string[] } };
    expect(option.xAxis.data).toHaveLength(CHART_SITES);
    expect(option.xAxis.data[0]).toBe('S0');
    expect(option.series.map((s) => s.name)).toEqual(['DG run hours', 'Period before']);
    expect(option.series[0]?.data[0]).toBe(100);
    expect(option.series[1]?.data.slice(0, 2)).toEqual([null, 50]);
    expect(option.series[0]?.markLine?.data[0]?.yAxis).toBe(4);
    expect(option.legend?.data).toEqual(['DG run hours', 'Period before']);
  });

  it('draws one series without a compare', () => {
    const option = siteBarsOption([{ name: 'A', value: 1 }], { unit: 'h', series: 'Backup' }) as {
      series: Series[];
      legend?: unknown;
    };
    expect(option.series).toHaveLength(1);
    expect(option.legend).toBeUndefined();
  });

  it('shows days without data as gaps and starts the axis below the lowest day', () => {
    const option = availabilityDaysOption([
      { date: '2026-11-01', availabilityPct: 97.456 },
      { date: '2026-11-02', availabilityPct: null },
      { date: '2026-11-03', availabilityPct: 88 },
    ]) as { xAxis: { data: string[] }; yAxis: { min: number }; series: Series[] };
    expect(option.xAxis.data).toEqual(['1 Nov', '2 Nov', '3 Nov']);
    expect(option.series[0]?.data).toEqual([97.46, null, 88]);
    expect(option.yAxis.min).toBe(80);
  });
});
