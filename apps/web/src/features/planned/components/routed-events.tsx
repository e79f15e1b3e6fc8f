import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { eventDisplayName, type SiteModule, tenantLabel } from '@towerwatch/domain';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useAuthUser } from '../../auth/index.ts';
import { routedEventsStore } from '../../sites/index.ts';

/**
 * The live events of the open site routed to a module (docs/requirements.md#live-routing), newest first, with the
 * company's event names. Shown on the module's page until its screen arrives.
 */
export function RoutedEvents({ module }: { module: SiteModule }) {
  const user = useAuthUser();
  const site = useExternalStore(focusedSiteStore);
  const routed = useExternalStore(routedEventsStore);
  const events = routed.siteUid === site?.siteUid ? routed.byModule[module] : [];
  return (
    <Paper withBorder p="md">
      <Text size="sm" fw={600}>
        Live events of {site?.name ?? 'the open site'}
        {site?.tenant ? ` (${tenantLabel(site.tenant)})` : ''}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        Events routed to this module since the site was opened; power events only for the focused tenant.
      </Text>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          No event yet.
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={6}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Routed live events"
        >
          {events.map((event) => (
            <li key={event.id}>
              <Group gap="xs" wrap="nowrap">
                <Badge size="xs" variant="light" color={event.active ? 'red' : 'teal'}>
                  {event.active ? 'Active' : 'Ended'}
                </Badge>
                <Text size="sm" fw={600}>
                  {eventDisplayName(event.name, user.company_code)}
                </Text>
                <Text size="xs" c="dimmed">
                  {event.tenant ? `${tenantLabel(event.tenant)} · ` : ''}
                  {formatDateTime(event.time)}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
