import { useMemo } from 'react';
import { Chart, type ChartOption } from '../../../ui/chart.tsx';
import { cellBars } from '../oem-model.ts';

/** The battery's cell voltages as bars, the weakest cell red and the strongest green, both labelled. */
export function CellChart({ cells, address }: { cells: readonly number[]; address: number }) {
  const option = useMemo<ChartOption>(() => {
    const bars = cellBars(cells);
    const min = Math.min(...cells);
    const max = Math.max(...cells);
    const pad = Math.max(0.02, (max - min) * 0.5);
    return {
      grid: { left: 48, right: 16, top: 36, bottom: 28 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v.toFixed(3)} V` },
      xAxis: {
        type: 'category',
        data: bars.map((b) => `${b.cell}`),
        name: 'Cell',
        nameLocation: 'middle',
        nameGap: 22,
      },
      yAxis: {
        type: 'value',
        min: Math.floor((min - pad) * 100) / 100,
        max: Math.ceil((max + pad) * 100) / 100,
        axisLabel: { formatter: (v: number) => `${v.toFixed(2)} V` },
      },
      series: [
        {
          type: 'bar',
          name: 'Cell voltage',
          data: bars.map((b) => ({
            value: b.voltage,
            itemStyle:
              b.mark === 'weakest'
                ? { color: '#e03131' }
                : b.mark === 'strongest'
                  ? { color: '#2f9e44' }
                  : undefined,
            label:
              b.mark === null
                ? undefined
                : {
                    show: true,
                    position: 'top',
                    formatter: b.mark === 'weakest' ? 'Weakest' : 'Strongest',
                    fontWeight: 'bold',
                  },
          })),
        },
      ],
    };
  }, [cells]);
  return (
    <Chart option={option} height={260} label={`Cell voltages of battery ${address}`} testId="cell-chart" />
  );
}
