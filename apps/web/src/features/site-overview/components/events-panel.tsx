import { Badge, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AuthUser, SiteEvent } from '@towerwatch/contract';
import { alarmOfRaiseEvent, eventDisplayName, isReadOnly, tenantLabel } from '@towerwatch/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { acknowledgeEvent } from '../api/site-overview-api.ts';
import { eventBadge } from '../event-state.ts';
import { acknowledgedByLabel } from '../site-overview-model.ts';
import type { SiteEventsState } from '../hooks/use-site-events.ts';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';
import { CreateTicketLink } from '../../tickets/index.ts';

function EventItem({
  event,
  user,
  onAcknowledged,
}: {
  event: SiteEvent;
  user: AuthUser;
  onAcknowledged: (e: SiteEvent) => void;
}) {
  const [busy, setBusy] = useState(false);
  const name = eventDisplayName(event.name, user.company_code);
  const badge = eventBadge(event, formatDateTime);
  const acknowledge = async () => {
    if (!allowRestrictedAction(user, 'acknowledge events')) return;
    setBusy(true);
    try {
      onAcknowledged((await acknowledgeEvent(event.id)).event);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      py={8}
      px="sm"
      aria-label={name}
      data-event-id={event.id}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <div style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Badge size="xs" variant="light" color={badge.colour} data-testid="event-state">
            {badge.label}
          </Badge>
          <Text size="sm" fw={600} truncate data-testid="event-name">
            {name}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(event.time)}
          {event.tenant ? ` · ${tenantLabel(event.tenant)}` : ''}
          {event.value !== null && event.group === 'RMS' ? ` · ${Math.round(event.value * 100) / 100}` : ''}
          {event.acknowledgedBy ? ` · acknowledged by ${acknowledgedByLabel(event)}` : ''}
        </Text>
        {badge.lifetime && (
          <Text size="xs" c="dimmed" data-testid="event-lifetime">
            {badge.lifetime}
          </Text>
        )}
      </div>
      <Group gap={6} wrap="nowrap">
        {badge.actionable && event.active && event.group === 'RMS' && !isReadOnly(user) && (
          <CreateTicketLink
            siteUid={event.siteUid}
            eventId={event.id}
            alarmId={alarmOfRaiseEvent(event) ?? undefined}
            tenant={event.tenant}
            name={name}
          />
        )}
        {!event.acknowledgedBy && event.active && badge.actionable && (
          <Button size="compact-xs" variant="default" loading={busy} onClick={() => void acknowledge()}>
            Acknowledge
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** The events list with infinite scroll (docs/requirements.md#infinite-lists): the next page loads near the bottom. */
export function EventsPanel({
  state,
  user,
  height = 520,
}: {
  state: SiteEventsState;
  user: AuthUser;
  height?: number;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore } = state;
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMoreRef.current();
      },
      { root: viewport.current, rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>Events</Title>
          <Text size="xs" c="dimmed">
            {state.events.length} loaded{state.allFetched ? '' : ', scroll for more'}
          </Text>
        </Group>
        <ScrollArea h={height} viewportRef={viewport} type="auto">
          <Stack
            component="ul"
            gap={0}
            aria-label="Site events"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {state.events.map((event) => (
              <EventItem key={event.id} event={event} user={user} onAcknowledged={state.replace} />
            ))}
          </Stack>
          <div ref={sentinel} style={{ height: 1 }} />
          {state.loading && (
            <Group justify="center" p="sm">
              <Loader size="sm" />
            </Group>
          )}
          {!state.loading && state.events.length === 0 && (
            <Text c="dimmed" ta="center" p="md" size="sm">
              {state.error ? errorMessage(state.error) : 'No events yet.'}
            </Text>
          )}
        </ScrollArea>
      </Stack>
    </Paper>
  );
}
