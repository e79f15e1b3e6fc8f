import { Alert, Badge, Box, Button, Drawer, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SiteAvailabilityItem } from '@towerwatch/contract';
import { formatDuration, tenantLabel } from '@towerwatch/domain';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import {
  type AvailabilityParams,
  SITE_PERIODS_LIMIT,
  sitePeriodsQueryOptions,
} from '../api/site-availability-api.ts';
import {
  availabilityBand,
  BAND_COLOURS,
  formatAvailability,
  timelineSegments,
} from '../availability-model.ts';

/** Detail of one site: its figures, a time line of the range with the down periods, and the periods. */
export function SitePeriodsDrawer({
  item,
  params,
  range,
  onClose,
  onOpenSite,
}: {
  item: SiteAvailabilityItem | null;
  params: AvailabilityParams;
  range: { from: string; until: string } | null;
  onClose: () => void;
  onOpenSite: (item: SiteAvailabilityItem) => void;
}) {
  const periods = useQuery({
    ...sitePeriodsQueryOptions(item?.siteUid ?? '', params),
    enabled: item !== null,
  });
  const segments =
    item && range && periods.data ? timelineSegments(periods.data.items, range.from, range.until) : [];
  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={item ? <Text fw={700}>{item.siteName}</Text> : null}
    >
      {item && (
        <Stack gap="md" aria-label={`Availability of ${item.siteName}`} role="region">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {item.genericSiteId ?? item.siteUid} · {item.tenants.map(tenantLabel).join(', ') || '—'}
            </Text>
            <Button size="xs" leftSection={<IconExternalLink size={14} />} onClick={() => onOpenSite(item)}>
              Open site
            </Button>
          </Group>
          <Group gap="xl">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Availability
              </Text>
              <Badge
                size="lg"
                color={BAND_COLOURS[availabilityBand(item.availability)]}
                data-testid="detail-availability"
              >
                {formatAvailability(item.availability)}
              </Badge>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Downtime
              </Text>
              <Text fw={600}>{formatDuration(item.downSeconds)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Outages
              </Text>
              <Text fw={600}>{item.outages}</Text>
            </div>
            {item.downNow && (
              <Badge color="red" variant="filled">
                Down now
              </Badge>
            )}
          </Group>
          {range && (
            <div>
              <Box
                role="img"
                aria-label={`Down periods on the time line: ${segments.length}`}
                pos="relative"
                h={22}
                bg="var(--mantine-color-teal-light)"
                style={{ borderRadius: 4, overflow: 'hidden' }}
              >
                {segments.map((segment) => (
                  <Box
                    key={`${segment.left}-${segment.width}`}
                    pos="absolute"
                    top={0}
                    bottom={0}
                    bg="var(--mantine-color-red-filled)"
                    style={{ left: `${segment.left}%`, width: `max(${segment.width}%, 2px)` }}
                  />
                ))}
              </Box>
              <Group justify="space-between" mt={4}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(range.from)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(range.until)}
                </Text>
              </Group>
            </div>
          )}
          {periods.isError && <Alert color="red">{errorMessage(periods.error)}</Alert>}
          {periods.isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" />
            </Group>
          ) : (periods.data?.items.length ?? 0) === 0 ? (
            <Text c="dimmed" ta="center" p="md">
              The site was not down in this period.
            </Text>
          ) : (
            <>
              <Table striped aria-label="Down periods">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Down at</Table.Th>
                    <Table.Th>Up at</Table.Th>
                    <Table.Th>Duration</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {periods.data?.items.map((period) => (
                    <Table.Tr key={period.id}>
                      <Table.Td>{formatDateTime(period.downAt)}</Table.Td>
                      <Table.Td>
                        {period.upAt ? (
                          formatDateTime(period.upAt)
                        ) : (
                          <Badge color="red" variant="light">
                            Still down
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label="Whole period, also outside the range">
                          <span>{formatDuration(period.durationSeconds)}</span>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {(periods.data?.total ?? 0) > SITE_PERIODS_LIMIT && (
                <Text size="xs" c="dimmed">
                  The newest {SITE_PERIODS_LIMIT} of {periods.data?.total} periods.
                </Text>
              )}
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
