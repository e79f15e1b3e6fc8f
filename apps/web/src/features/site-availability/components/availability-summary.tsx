import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatDuration } from '@towerwatch/domain';
import type { ReactNode } from 'react';
import {
  AVAILABILITY_BANDS,
  availabilityBand,
  BAND_COLOURS,
  type AvailabilitySummary,
  formatAvailability,
} from '../availability-model.ts';

function Figure({
  label,
  value,
  colour,
  testId,
}: {
  label: string;
  value: ReactNode;
  colour?: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={colour} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The network figures of the range; dashes until the reply is there. */
export function AvailabilityFigures({ summary, loaded }: { summary: AvailabilitySummary; loaded: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <Figure
        label="Network availability"
        testId="network-availability"
        value={loaded ? formatAvailability(summary.availability) : '—'}
        colour={loaded ? BAND_COLOURS[availabilityBand(summary.availability)] : undefined}
      />
      <Figure
        label="Sites with outages"
        testId="sites-with-outages"
        value={loaded ? summary.sitesWithOutages.toLocaleString() : '—'}
      />
      <Figure
        label="Down now"
        testId="sites-down-now"
        value={loaded ? summary.downNow.toLocaleString() : '—'}
        colour={summary.downNow > 0 ? 'red' : undefined}
      />
      <Figure
        label="Total downtime"
        testId="total-downtime"
        value={loaded ? formatDuration(summary.downSeconds) : '—'}
      />
    </SimpleGrid>
  );
}

/** How many sites fall in each availability band. */
export function AvailabilityBands({ summary }: { summary: AvailabilitySummary }) {
  return (
    <Group gap="xs">
      <Badge color={BAND_COLOURS.good} variant="light">
        ≥ {AVAILABILITY_BANDS.good} %: {summary.byBand.good.toLocaleString()}
      </Badge>
      <Badge color={BAND_COLOURS.degraded} variant="light">
        ≥ {AVAILABILITY_BANDS.degraded} %: {summary.byBand.degraded.toLocaleString()}
      </Badge>
      <Badge color={BAND_COLOURS.poor} variant="light">
        &lt; {AVAILABILITY_BANDS.degraded} %: {summary.byBand.poor.toLocaleString()}
      </Badge>
    </Group>
  );
}
