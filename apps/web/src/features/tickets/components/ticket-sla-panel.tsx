import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Ticket } from '@towerwatch/contract';
import { ticketSlaState } from '@towerwatch/domain';
import { formatCountdown } from '../ticket-model.ts';

function Clock({
  label,
  target,
  clock,
  paused,
}: {
  label: string;
  target: number;
  clock: { remainingMs: number; breached: boolean; met: boolean };
  paused: boolean;
}) {
  const state = clock.met
    ? clock.breached
      ? `met ${formatCountdown(clock.remainingMs)} late`
      : `met with ${formatCountdown(clock.remainingMs)} to spare`
    : clock.breached
      ? `${formatCountdown(clock.remainingMs)} overdue`
      : `${formatCountdown(clock.remainingMs)} left`;
  const colour = clock.breached ? 'red' : clock.met ? 'teal' : paused ? 'violet' : 'blue';
  return (
    <Stack gap={2} data-testid={`sla-${label.toLowerCase()}`} data-paused={paused && !clock.met}>
      <Text size="xs" c="dimmed">
        Time to {label.toLowerCase()} (target {formatCountdown(target * 60_000)})
      </Text>
      <Group gap="xs">
        <Text fw={700} c={colour} data-testid="sla-remaining">
          {state}
        </Text>
        {paused && !clock.met && (
          <Badge size="xs" color="violet">
            paused
          </Badge>
        )}
        {clock.breached && (
          <Badge size="xs" color="red" variant="filled">
            breached
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** Both SLA clocks of a ticket, counting down every second, standing still while pending or held. */
export function TicketSlaPanel({ ticket, now }: { ticket: Ticket; now: Date }) {
  const s = ticketSlaState(ticket, now);
  return (
    <Paper withBorder radius="md" p="md" aria-label="SLA">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Clock
          label="Acknowledge"
          target={ticket.sla.acknowledgeMinutes}
          clock={s.acknowledge}
          paused={s.paused}
        />
        <Clock label="Resolve" target={ticket.sla.resolveMinutes} clock={s.resolve} paused={s.paused} />
      </SimpleGrid>
    </Paper>
  );
}
