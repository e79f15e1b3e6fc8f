import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { isOperator, isReadOnly, ROUTES, SLA_EDITOR_TYPES } from '@towerwatch/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuthUser } from '../../auth/index.ts';
import { ticketListQueryOptions } from '../api/tickets-api.ts';
import { SlaSettingsButton } from '../components/sla-settings-button.tsx';
import { TicketFilters } from '../components/ticket-filters.tsx';
import { TicketTable } from '../components/ticket-table.tsx';
import { useLiveTickets } from '../hooks/use-live-tickets.ts';
import { useNow } from '../hooks/use-now.ts';
import { filterFromParams } from '../ticket-model.ts';

/**
 * /ticket (docs/requirements.md#ticket-screens): the tickets of the user's sites, newest first, with
 * status, assignee, site and search filters (in the URL), SLA countdowns, breaches counted, infinite
 * scroll (the next page loads near the bottom), and live: a new ticket is prepended, an update refreshes.
 */
export function TicketListPage() {
  const user = useAuthUser();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search, 250);
  const filter = useMemo(() => filterFromParams(params), [params]);
  const effective = useMemo(() => ({ ...filter, search: debounced }), [filter, debounced]);
  const list = useInfiniteQuery(ticketListQueryOptions(effective));
  const now = useNow();
  useLiveTickets(user.uid);

  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(() => {});
  more.current = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more.current();
      },
      { rootMargin: '300px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  const setView = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const tickets = list.data?.pages.flatMap((p) => p.items) ?? [];
  const first = list.data?.pages[0];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Tickets</Title>
          <Text c="dimmed" size="sm" data-testid="ticket-count" aria-live="polite">
            {first
              ? `${first.total.toLocaleString()} ${first.total === 1 ? 'ticket' : 'tickets'} · ${first.breaches} SLA ${first.breaches === 1 ? 'breach' : 'breaches'}`
              : 'Support tickets of your sites'}
          </Text>
        </div>
        <Group gap="sm">
          {(SLA_EDITOR_TYPES as readonly string[]).includes(user.type) && !isOperator(user) && (
            <SlaSettingsButton />
          )}
          {!isReadOnly(user) && (
            <Button component={Link} to={ROUTES.ticketCreate} leftSection={<IconPlus size={16} />}>
              New ticket
            </Button>
          )}
        </Group>
      </Group>
      <TicketFilters
        filter={filter}
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setView({ q: value || null });
        }}
        onChange={setView}
      />
      <Paper withBorder radius="md" p="md">
        {list.isPending ? (
          <Group justify="center" p="xl">
            <Loader size="sm" />
          </Group>
        ) : list.isError ? (
          <Alert color="red">{errorMessage(list.error)}</Alert>
        ) : tickets.length === 0 ? (
          <Text c="dimmed" ta="center" p="md">
            No ticket matches. Open one from a site's alarms, or with New ticket.
          </Text>
        ) : (
          <TicketTable tickets={tickets} now={now} />
        )}
        <div ref={sentinel} style={{ height: 1 }} />
        {list.isFetchingNextPage && (
          <Group justify="center" p="sm">
            <Loader size="sm" />
          </Group>
        )}
      </Paper>
    </Stack>
  );
}
