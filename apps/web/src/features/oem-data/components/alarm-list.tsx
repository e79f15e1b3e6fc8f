import { Badge, Group, Stack, Text } from '@mantine/core';
import type { OemAlarm } from '@towerwatch/contract';
import { activeAlarms, severityColour } from '../oem-model.ts';

/** The active alarms of an OEM alarm record (all inactive: "No active alarms"). */
export function AlarmList({
  alarms,
  label,
  time,
}: {
  alarms?: readonly OemAlarm[];
  label: string;
  time?: string;
}) {
  const active = activeAlarms(alarms);
  return (
    <Stack gap={6} aria-label={label}>
      {active.length === 0 ? (
        <Text size="sm" c="dimmed">
          {alarms ? 'No active alarms' : 'No alarm record received yet'}
        </Text>
      ) : (
        active.map((a) => (
          <Group key={a.code} gap="xs">
            <Badge color={severityColour(a.severity)} variant="light" w={80}>
              {a.severity ?? 'alarm'}
            </Badge>
            <Text size="sm" fw={600}>
              {a.name}
            </Text>
            <Text size="xs" c="dimmed">
              {a.code}
            </Text>
          </Group>
        ))
      )}
      {time && (
        <Text size="xs" c="dimmed">
          As of {time}
        </Text>
      )}
    </Stack>
  );
}
