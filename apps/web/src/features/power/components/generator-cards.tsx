import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { type ValueColour, valueColour } from '@towerwatch/domain';
import { formatDateTime } from '../../../lib/time.ts';
import { MANTINE_COLOUR } from '../../site-overview/index.ts';
import type { GeneratorState } from '../power-model.ts';

function StateBlock({ name, state, hours }: { name: string; state: GeneratorState; hours: number | null }) {
  const label = !state.installed
    ? 'Not installed'
    : state.running === null
      ? 'Unknown'
      : state.running
        ? 'Running'
        : 'Stopped';
  const colour = !state.installed || state.running === null ? 'gray' : state.running ? 'orange' : 'teal';
  return (
    <div>
      <Text size="sm" c="dimmed">
        {name}
      </Text>
      <Badge
        size="lg"
        variant="light"
        color={colour}
        data-testid={`${name.split(' ')[0]?.toLowerCase()}-state`}
      >
        {label}
      </Badge>
      <Text size="xs" c="dimmed" mt={4}>
        {state.running && state.since ? `since ${formatDateTime(state.since)}` : ''}
        {hours !== null ? `${state.running && state.since ? ' · ' : ''}${hours.toFixed(1)} h this month` : ''}
      </Text>
    </div>
  );
}

/**
 * The generators now (live: DG_STATUS / PG_STATUS and the dg_power / pg_power events) and the DG's fuel
 * level, coloured by the spec's percentage thresholds (docs/requirements.md#colour-thresholds).
 */
export function GeneratorCards({
  dg,
  pg,
  dgHours,
  pgHours,
  fuelPct,
  lowFuel,
}: {
  dg: GeneratorState;
  pg: GeneratorState;
  dgHours: number | null;
  pgHours: number | null;
  fuelPct: number | null;
  lowFuel: boolean;
}) {
  const fuelColour: ValueColour = valueColour('percentage', fuelPct);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Generators now">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4} mb="xs">
        Generators · live
      </Text>
      <SimpleGrid cols={3}>
        <StateBlock name="DG (diesel generator)" state={dg} hours={dgHours} />
        <StateBlock name="PG (grid generator)" state={pg} hours={pgHours} />
        <div>
          <Text size="sm" c="dimmed">
            DG fuel
          </Text>
          <Group gap={6}>
            <Text fz={26} fw={700} c={MANTINE_COLOUR[fuelColour]} data-testid="fuel-level">
              {fuelPct === null ? '—' : `${Math.round(fuelPct)} %`}
            </Text>
            {lowFuel && (
              <Badge color="red" variant="light">
                Low fuel
              </Badge>
            )}
          </Group>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
