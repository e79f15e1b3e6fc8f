import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of an OEM card: a label and its value, coloured by the domain thresholds. */
export function Stat({ label, value, colour }: { label: string; value: ReactNode; colour?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text
        size="lg"
        fw={700}
        c={colour && colour !== 'gray' ? `${colour}.7` : undefined}
        data-colour={colour}
      >
        {value}
      </Text>
    </Paper>
  );
}

/** A label/value line of an info card. */
export function InfoLine({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      <Text span fw={600}>
        {value}
      </Text>
    </Text>
  );
}
