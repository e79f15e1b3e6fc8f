import { Alert, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { Chart, type ChartOption } from './chart.tsx';

/** Props of {@link ChartCard}. */
export interface ChartCardProps {
  title: string;
  /** A figure or control shown at the right of the title. */
  aside?: ReactNode;
  option: ChartOption;
  label: string;
  testId: string;
  height?: number;
  loading?: boolean;
  error?: unknown;
  /** Shown instead of the chart when there is no data (null: the chart is drawn). */
  empty?: string | null;
  footer?: ReactNode;
}

/** A titled panel with one chart, its loading mask, its error and an empty text. */
export function ChartCard({
  title,
  aside,
  option,
  label,
  testId,
  height = 240,
  loading = false,
  error,
  empty = null,
  footer,
}: ChartCardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} h="100%">
      <Group justify="space-between" mb={6} wrap="nowrap" align="flex-start">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          {title}
        </Text>
        {aside}
      </Group>
      {error ? (
        <Alert color="red" variant="light">
          {errorMessage(error)}
        </Alert>
      ) : empty && !loading ? (
        <Text size="sm" c="dimmed" ta="center" py="xl" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <Chart option={option} height={height} label={label} loading={loading} testId={testId} />
      )}
      {footer}
    </Paper>
  );
}
