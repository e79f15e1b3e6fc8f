import { Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of a page's summary row: a label, the value (a loader while null) and a hint. */
export function StatCard({
  label,
  value,
  colour,
  hint,
}: {
  label: string;
  value: ReactNode | null;
  colour?: string;
  hint?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm" aria-label={label}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
        {label}
      </Text>
      {value === null ? (
        <Loader size="xs" mt={6} />
      ) : (
        <Text size="xl" fw={700} c={colour} data-testid="stat-value">
          {value}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
