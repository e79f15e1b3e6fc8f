import { Badge, Button, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { NetworkEvent } from '@towerwatch/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { fuelEventText } from '../fuel-model.ts';

/** Refills and suspected thefts over the fleet, newest first; older pages on demand. */
export function FuelEvents({
  events,
  loading,
  allFetched,
  error,
  onMore,
}: {
  events: readonly NetworkEvent[];
  loading: boolean;
  allFetched: boolean;
  error: unknown;
  onMore: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Fuel events">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Refills and suspected thefts</Title>
        <Text size="xs" c="dimmed">
          {events.length} loaded
        </Text>
      </Group>
      <ScrollArea h={560} type="auto">
        <Stack
          component="ul"
          gap={0}
          aria-label="Fuel event list"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {events.map((event) => (
            <Group
              component="li"
              key={event.id}
              justify="space-between"
              wrap="nowrap"
              py={8}
              px="sm"
              data-event-id={event.id}
              data-event-name={event.name}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Badge
                    size="xs"
                    variant="light"
                    color={event.name === 'fuel_theft_suspected' ? 'red' : 'teal'}
                  >
                    {event.name === 'fuel_theft_suspected' ? 'Theft?' : 'Refill'}
                  </Badge>
                  <Text size="sm" fw={600} truncate>
                    {event.siteName}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {fuelEventText(event)} · {formatDateTime(event.time)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
        {events.length === 0 && !loading && (
          <Text c="dimmed" ta="center" p="md" size="sm">
            {error ? errorMessage(error) : 'No refill or suspected theft yet.'}
          </Text>
        )}
        {!allFetched && (
          <Group justify="center" p="sm">
            <Button size="compact-sm" variant="subtle" loading={loading} onClick={onMore}>
              Older events
            </Button>
          </Group>
        )}
      </ScrollArea>
    </Paper>
  );
}
