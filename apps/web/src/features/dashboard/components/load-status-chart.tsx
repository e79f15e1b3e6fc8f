import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { DC_LOAD_LABELS, DC_LOAD_STATES, tenantLabel } from '@towerwatch/domain';

const COLORS = { DOWN: 'orange', NORMAL: 'teal', OVER: 'red' } as const;

/** Props of {@link LoadStatusChart}. */
export interface LoadStatusChartProps {
  /** loadCount by DOWN, NORMAL, OVER per tenant plus `total` (docs/requirements.md#load-count). */
  loadCount: Record<string, { DOWN: number; NORMAL: number; OVER: number }> | undefined;
}

/** The load-status graph: one stacked bar per tenant (and the total) of DOWN / NORMAL / OVER sites. */
export function LoadStatusChart({ loadCount }: LoadStatusChartProps) {
  const rows = Object.entries(loadCount ?? {}).sort(([a], [b]) =>
    a === 'total' ? 1 : b === 'total' ? -1 : a.localeCompare(b),
  );
  const max = Math.max(1, ...rows.map(([, c]) => c.DOWN + c.NORMAL + c.OVER));
  return (
    <Paper withBorder p="sm" radius="md" h="100%" component="section" aria-label="Load status">
      <Group justify="space-between" mb="xs">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          Load status by tenant
        </Text>
        <Group gap="sm">
          {DC_LOAD_STATES.map((state) => (
            <Group key={state} gap={4}>
              <Box
                w={8}
                h={8}
                style={{ borderRadius: 2, background: `var(--mantine-color-${COLORS[state]}-6)` }}
              />
              <Text size="xs" c="dimmed">
                {DC_LOAD_LABELS[state]}
              </Text>
            </Group>
          ))}
        </Group>
      </Group>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No DC load readings yet.
        </Text>
      )}
      <Stack gap={8}>
        {rows.map(([tenant, counts]) => {
          const sum = counts.DOWN + counts.NORMAL + counts.OVER;
          return (
            <div key={tenant}>
              <Group justify="space-between" mb={2}>
                <Text size="sm" fw={tenant === 'total' ? 700 : 500}>
                  {tenant === 'total' ? 'Total' : tenantLabel(tenant)}
                </Text>
                <Text size="xs" c="dimmed">
                  {DC_LOAD_STATES.map(
                    (state) => `${counts[state]} ${DC_LOAD_LABELS[state].toLowerCase()}`,
                  ).join(' · ')}
                </Text>
              </Group>
              <svg
                width="100%"
                height="12"
                viewBox={`0 0 ${max} 12`}
                preserveAspectRatio="none"
                role="img"
                aria-label={`${tenant} load status`}
              >
                <title>{`${tenant}: ${sum} sites`}</title>
                <rect x="0" y="0" width={max} height="12" fill="var(--mantine-color-default-border)" rx="2" />
                {(() => {
                  let x = 0;
                  return DC_LOAD_STATES.map((state) => {
                    const width = counts[state];
                    const rect = (
                      <rect
                        key={state}
                        x={x}
                        y="0"
                        width={width}
                        height="12"
                        fill={`var(--mantine-color-${COLORS[state]}-6)`}
                      />
                    );
                    x += width;
                    return rect;
                  });
                })()}
              </svg>
            </div>
          );
        })}
      </Stack>
    </Paper>
  );
}
