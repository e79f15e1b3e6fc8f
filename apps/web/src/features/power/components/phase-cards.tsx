import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/time.ts';
import { MANTINE_COLOUR } from '../../site-overview/index.ts';
import type { PhaseReading } from '../power-model.ts';

/**
 * The mains phase voltages, live, each in the colour of the spec's AC voltage thresholds
 * (docs/requirements.md#colour-thresholds).
 */
export function PhaseCards({
  phases,
  mainsPresent,
}: {
  phases: readonly PhaseReading[];
  mainsPresent: boolean | null;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Phase voltages">
      <Group justify="space-between" mb="xs">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          Phase voltages · live
        </Text>
        {mainsPresent !== null && (
          <Badge color={mainsPresent ? 'teal' : 'red'} variant="light" data-testid="mains-state">
            {mainsPresent ? 'Mains present' : 'Mains failed'}
          </Badge>
        )}
      </Group>
      {phases.length === 0 ? (
        <Text size="sm" c="dimmed">
          This site has no mains phase sensor.
        </Text>
      ) : (
        <SimpleGrid cols={3}>
          {phases.map((p) => (
            <div key={p.phase}>
              <Text size="sm" c="dimmed">
                Phase {p.phase}
              </Text>
              <Text
                fz={28}
                fw={700}
                c={MANTINE_COLOUR[p.colour]}
                data-testid={`phase-${p.phase.toLowerCase()}`}
                data-colour={p.colour}
              >
                {p.voltage === null ? '—' : `${Math.round(p.voltage)} V`}
              </Text>
              <Text size="xs" c="dimmed">
                {p.updatedAt ? formatDateTime(p.updatedAt) : 'No reading yet'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
