import { Group, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import type { ClimateReply } from '@towerwatch/contract';
import { valueColour } from '@towerwatch/domain';
import { formatDateTime } from '../../../lib/time.ts';
import { MANTINE_COLOUR } from '../../site-overview/index.ts';
import { reading } from '../power-model.ts';

type ClimateItem = ClimateReply['items'][number];

/**
 * The climate now (live SITE_TEMPERATURE_HUMIDITY, else the latest reading) and the day's summary from
 * GET /temperature/temperature/climate: lowest, highest and mean, and the hours at or above the
 * high-temperature threshold; temperatures coloured by the spec's thresholds (≤0 or >45 red).
 */
export function ClimateSummary({
  temperature,
  humidity,
  item,
  highTemperature,
}: {
  temperature: number | null;
  humidity: number | null;
  item: ClimateItem | undefined;
  highTemperature: number | null;
}) {
  const row = (label: string, stats: ClimateItem['temperature'] | undefined, unit: string) => (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="right">{reading(stats?.min, unit)}</Table.Td>
      <Table.Td ta="right">{reading(stats?.avg, unit)}</Table.Td>
      <Table.Td ta="right">{reading(stats?.max, unit)}</Table.Td>
    </Table.Tr>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Climate summary">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4} mb="xs">
        Climate · live
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Group gap="xl" align="flex-start">
          <div>
            <Text size="sm" c="dimmed">
              Temperature
            </Text>
            <Text
              fz={30}
              fw={700}
              c={MANTINE_COLOUR[valueColour('temperature', temperature)]}
              data-testid="temperature-now"
            >
              {reading(temperature, '°C')}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Humidity
            </Text>
            <Text
              fz={30}
              fw={700}
              c={MANTINE_COLOUR[valueColour('percentage', humidity)]}
              data-testid="humidity-now"
            >
              {reading(humidity, '%', 0)}
            </Text>
          </div>
        </Group>
        <div>
          <Table fz="sm" verticalSpacing={2} aria-label="Today's climate">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Today</Table.Th>
                <Table.Th ta="right">Lowest</Table.Th>
                <Table.Th ta="right">Mean</Table.Th>
                <Table.Th ta="right">Highest</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row('Temperature', item?.temperature, '°C')}
              {row('Humidity', item?.humidity, '%')}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" mt={4} data-testid="hot-hours">
            {item
              ? `${item.hotHours} hour${item.hotHours === 1 ? '' : 's'} at or above ${highTemperature ?? '—'} °C today`
              : 'No climate reading today'}
            {item?.temperature.latestAt ? ` · last reading ${formatDateTime(item.temperature.latestAt)}` : ''}
          </Text>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
