import { Box, Group, HoverCard, Loader, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBan, IconChevronRight } from '@tabler/icons-react';
import {
  type DashboardTileView,
  MASKED_COUNT_REASON,
  tileCountDisplay,
  tilePulses,
} from '@towerwatch/domain';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { type SiteListFilter, siteListHref } from '../../../lib/site-filter-url.ts';
import type { TileBreakdownLine, TileCount } from '../tile-counts.ts';

/** Props of {@link CountTile}. */
export interface CountTileProps {
  view: DashboardTileView;
  count: TileCount;
  filter: SiteListFilter | null;
  breakdown: readonly TileBreakdownLine[];
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
}

function CountValue({ count, masked }: { count: TileCount; masked: boolean }) {
  if (masked) {
    return (
      <Tooltip label={MASKED_COUNT_REASON} withArrow events={{ hover: true, focus: true, touch: true }}>
        <Box c="dimmed" aria-label={`Masked: ${MASKED_COUNT_REASON}`} role="img" tabIndex={0} w="fit-content">
          <IconBan size={30} stroke={1.6} />
        </Box>
      </Tooltip>
    );
  }
  const display = tileCountDisplay(count);
  if (display.spinner) return <Loader size="sm" aria-label="Loading count" />;
  return (
    <Text fz={30} fw={700} lh={1} data-testid="tile-count">
      {display.text}
    </Text>
  );
}

/**
 * One smart-dashboard tile (docs/requirements.md#tile-masking): its count (spinner for '_'), a ban icon when masked,
 * a hover breakdown, a pulse for a non-zero Security Breach, and a link to /site/list with its filter.
 */
export function CountTile({ view, count, filter, breakdown, icon: Icon, color }: CountTileProps) {
  const pulses = !view.masked && tilePulses(view.id, count);
  const body = (
    <Paper
      withBorder
      p="sm"
      radius="md"
      h="100%"
      className={pulses ? 'tw-pulse' : undefined}
      style={{
        borderColor: pulses ? 'var(--mantine-color-red-6)' : undefined,
        borderLeft: `3px solid var(--mantine-color-${pulses ? 'red' : color}-6)`,
      }}
    >
      <Stack gap={8} justify="space-between" h="100%">
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text size="xs" fw={600} tt="uppercase" c="dimmed" lts={0.4}>
            {view.label}
          </Text>
          <Box c={`${color}.5`}>
            <Icon size={18} stroke={1.7} />
          </Box>
        </Group>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <CountValue count={count} masked={view.masked} />
          {view.clickable && (
            <Box c="dimmed">
              <IconChevronRight size={16} />
            </Box>
          )}
        </Group>
      </Stack>
    </Paper>
  );

  const card = view.clickable ? (
    <UnstyledButton
      component={Link}
      to={siteListHref(filter)}
      h="100%"
      display="block"
      aria-label={`${view.label} ${count}`}
    >
      {body}
    </UnstyledButton>
  ) : (
    body
  );

  return (
    <Box
      role="group"
      aria-label={view.label}
      data-tile={view.id}
      data-masked={view.masked || undefined}
      h="100%"
    >
      {breakdown.length > 0 ? (
        <HoverCard openDelay={120} position="bottom" shadow="md" withArrow>
          <HoverCard.Target>
            <Box h="100%">{card}</Box>
          </HoverCard.Target>
          <HoverCard.Dropdown p="xs">
            <Stack gap={4} aria-label={`${view.label} breakdown`}>
              {breakdown.map((line) => (
                <Group key={line.label} justify="space-between" gap="lg">
                  {line.filter ? (
                    <Text
                      component={Link}
                      to={siteListHref(line.filter)}
                      size="sm"
                      c="inherit"
                      td="underline"
                    >
                      {line.label}
                    </Text>
                  ) : (
                    <Text size="sm">{line.label}</Text>
                  )}
                  <Text size="sm" fw={700}>
                    {line.count}
                  </Text>
                </Group>
              ))}
            </Stack>
          </HoverCard.Dropdown>
        </HoverCard>
      ) : (
        card
      )}
    </Box>
  );
}
