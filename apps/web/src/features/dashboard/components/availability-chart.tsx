import { Group, Loader, Paper, Text } from '@mantine/core';
import type { NetworkAvailabilityReply } from '@towerwatch/contract';
import { formatChartLabel } from '../../../lib/time.ts';

/** Props of {@link AvailabilityChart}. */
export interface AvailabilityChartProps {
  data: NetworkAvailabilityReply | undefined;
  rangeLabel: string;
}

const W = 600;
const H = 180;
const PAD = { left: 40, right: 12, top: 12, bottom: 26 };

/** Network availability per day over the dashboard range, as a small SVG line chart. */
export function AvailabilityChart({ data, rangeLabel }: AvailabilityChartProps) {
  const items = data?.items ?? [];
  const values = items.map((item) => item.availability);
  const low = Math.min(99, ...values);
  const min = Math.max(0, Math.floor(low - 1));
  const max = 100;
  const x = (i: number) =>
    PAD.left + (items.length <= 1 ? 0 : (i / (items.length - 1)) * (W - PAD.left - PAD.right));
  const y = (v: number) => PAD.top + ((max - v) / (max - min || 1)) * (H - PAD.top - PAD.bottom);
  const line = items
    .map((item, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(item.availability).toFixed(1)}`)
    .join(' ');
  const area =
    items.length > 0 ? `${line} L${x(items.length - 1)},${H - PAD.bottom} L${x(0)},${H - PAD.bottom} Z` : '';
  const ticks = [min, (min + max) / 2, max];
  const latest = items.at(-1);

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
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="Availability per day">
        <title>Network availability per day</title>
        <defs>
          <linearGradient id="tw-avail" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="var(--mantine-color-signal-5)" stopOpacity="0.35" />
            <stop offset="100%" stopColor="var(--mantine-color-signal-5)" stopOpacity="0" />
          </linearGradient>
        </defs>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray="3 3"
            />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize="11"
              fill="var(--mantine-color-dimmed)"
            >
              {tick.toFixed(tick % 1 ? 1 : 0)}%
            </text>
          </g>
        ))}
        {area && <path d={area} fill="url(#tw-avail)" />}
        {line && <path d={line} fill="none" stroke="var(--mantine-color-signal-5)" strokeWidth="2" />}
        {items.map((item, i) => (
          <g key={item.date}>
            <circle cx={x(i)} cy={y(item.availability)} r="3" fill="var(--mantine-color-signal-4)">
              <title>{`${formatChartLabel(item.date, 'day')}: ${item.availability.toFixed(2)}% (${item.sitesDown} sites down)`}</title>
            </circle>
            <text x={x(i)} y={H - 8} textAnchor="middle" fontSize="11" fill="var(--mantine-color-dimmed)">
              {formatChartLabel(item.date, 'day')}
            </text>
          </g>
        ))}
      </svg>
    </Paper>
  );
}
