import { ActionIcon, Button, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_TIME_WINDOWS, type TimeWindow } from '@towerwatch/domain';
import { DAY_NAMES } from '../validity-model.ts';

/** Edits a card's weekly time windows (Asia/Dhaka); none means at any time. */
export function TimeWindowsEditor({
  value,
  onChange,
}: {
  value: TimeWindow[];
  onChange: (windows: TimeWindow[]) => void;
}) {
  const set = (index: number, change: Partial<TimeWindow>) =>
    onChange(value.map((w, i) => (i === index ? { ...w, ...change } : w)));
  return (
    <Stack gap={6} aria-label="Time windows">
      <Text size="sm" fw={500}>
        Weekly time windows (Asia/Dhaka)
      </Text>
      {value.length === 0 && (
        <Text size="xs" c="dimmed">
          Any time: the card opens the door on every day at every hour.
        </Text>
      )}
      {value.map((window, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: windows have no id; the index is their identity while editing
        <Group key={index} gap={6} align="flex-end" wrap="wrap">
          <Chip.Group
            multiple
            value={window.days.map(String)}
            onChange={(days) => set(index, { days: days.map(Number).sort((a, b) => a - b) })}
          >
            <Group gap={2}>
              {DAY_NAMES.map((name, day) => (
                <Chip key={name} value={String(day)} size="xs">
                  {name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <TextInput
            type="time"
            size="xs"
            label="From"
            value={window.from}
            onChange={(event) => set(index, { from: event.currentTarget.value })}
          />
          <TextInput
            type="time"
            size="xs"
            label="Until"
            value={window.until}
            onChange={(event) => set(index, { until: event.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label="Remove time window"
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {value.length < MAX_TIME_WINDOWS && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          w="fit-content"
          onClick={() => onChange([...value, { days: [0, 1, 2, 3, 4], from: '08:00', until: '18:00' }])}
        >
          Add time window
        </Button>
      )}
    </Stack>
  );
}
