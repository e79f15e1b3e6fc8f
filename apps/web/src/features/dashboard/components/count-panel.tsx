import { Box, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { MASKED_COUNT_REASON } from '@towerwatch/domain';

/** One row of a {@link CountPanel}. */
export interface CountPanelItem {
  label: string;
  value: number | undefined;
  color: string;
  /** Hidden from this user (its dashboard tile is masked): a ban icon, no number. */
  masked?: boolean;
}

/** Props of {@link CountPanel}. */
export interface CountPanelProps {
  title: string;
  items: readonly CountPanelItem[];
  /** Show a proportion bar (for states that add up, like mains on/off). */
  stacked?: boolean;
}

/** A dense panel of named counts with an optional proportion bar (power, DC load, access ...). */
export function CountPanel({ title, items, stacked = false }: CountPanelProps) {
  const loading = items.some((item) => item.value === undefined && !item.masked);
  // Masked counts take no share of the bar either.
  const total = items.reduce((sum, item) => sum + (item.masked ? 0 : (item.value ?? 0)), 0);
  return (
    <Paper withBorder p="sm" radius="md" h="100%" component="section" aria-label={title}>
      <Group justify="space-between" mb={6}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          {title}
        </Text>
        {loading && <Loader size={12} />}
      </Group>
      {stacked && (
        <Box
          h={6}
          mb={8}
          style={{
            display: 'flex',
            borderRadius: 3,
            overflow: 'hidden',
            background: 'var(--mantine-color-default-border)',
          }}
        >
          {total > 0 &&
            items.map((item) => (
              <Tooltip key={item.label} label={`${item.label}: ${item.masked ? '–' : (item.value ?? 0)}`}>
                <Box
                  style={{
                    width: `${((item.masked ? 0 : (item.value ?? 0)) / total) * 100}%`,
                    background: `var(--mantine-color-${item.color}-6)`,
                  }}
                />
              </Tooltip>
            ))}
        </Box>
      )}
      <Stack gap={3}>
        {items.map((item) => (
          <Group key={item.label} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap">
              <Box
                w={8}
                h={8}
                style={{ borderRadius: 2, background: `var(--mantine-color-${item.color}-6)` }}
              />
              <Text size="sm">{item.label}</Text>
            </Group>
            {item.masked ? (
              <Box c="dimmed" role="img" aria-label={`${title} ${item.label}: ${MASKED_COUNT_REASON}`} lh={1}>
                <IconBan size={14} />
              </Box>
            ) : (
              <Text size="sm" fw={700} aria-label={`${title} ${item.label}`}>
                {item.value ?? '–'}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
