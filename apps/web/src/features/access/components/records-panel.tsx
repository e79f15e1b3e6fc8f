import { Alert, Badge, Button, Group, Loader, Paper, Tabs, Text } from '@mantine/core';
import { IconDoor, IconId, IconLockOpen } from '@tabler/icons-react';
import type { AccessRecord, AuthUser, SiteEvent } from '@towerwatch/contract';
import { eventDisplayName } from '@towerwatch/domain';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import type { PagedLiveList } from '../hooks/use-paged-live-list.ts';
import { recordOutcome, recordSubject } from '../records-model.ts';

/** Pixels from the bottom at which the next page is read. */
const LOAD_MARGIN = 120;

/** A scrolling list that reads older pages as it nears its end. */
function InfiniteList<T extends { id: number }>({
  label,
  state,
  empty,
  more,
  row,
}: {
  label: string;
  state: PagedLiveList<T>;
  empty: string;
  more: string;
  row: (item: T) => ReactNode;
}) {
  const { items, loading, allFetched, error, loadMore } = state;
  return (
    <div
      style={{ maxHeight: 420, overflow: 'auto' }}
      onScroll={(event) => {
        const el = event.currentTarget;
        if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MARGIN) loadMore();
      }}
    >
      <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map(row)}
      </ul>
      {loading && (
        <Group justify="center" p="xs">
          <Loader size="xs" />
        </Group>
      )}
      {!loading && items.length === 0 && !error && (
        <Text size="sm" c="dimmed" py="xs">
          {empty}
        </Text>
      )}
      {!loading && !allFetched && items.length > 0 && (
        <Group justify="center" p={4}>
          <Button variant="subtle" size="xs" onClick={loadMore}>
            {more}
          </Button>
        </Group>
      )}
      {error ? (
        <Alert color="red" mt="xs">
          {errorMessage(error)}
        </Alert>
      ) : null}
    </div>
  );
}

const rowStyle = { padding: '6px 0', borderBottom: '1px solid var(--mantine-color-default-border)' };

function RecordRow({ record }: { record: AccessRecord }) {
  const outcome = recordOutcome(record);
  return (
    <li
      data-record-id={record.id}
      data-granted={record.granted}
      data-reason={record.reason ?? ''}
      style={rowStyle}
    >
      <Group gap="xs" wrap="nowrap">
        {record.kind === 'remote_unlock' ? <IconLockOpen size={16} /> : <IconId size={16} />}
        <Badge size="sm" color={outcome.color} variant="light" w={84}>
          {outcome.label}
        </Badge>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate>
            {recordSubject(record)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(record.time)}
            {record.door ? ` · ${record.door}` : ''}
            {outcome.reason ? ` · ${outcome.reason}` : ''}
          </Text>
        </div>
      </Group>
    </li>
  );
}

/**
 * Access records (swipes and remote unlocks) and the door and lock events, newest first: live ones on
 * top, older pages read as the list scrolls down.
 */
export function RecordsPanel({
  user,
  records,
  events,
}: {
  user: AuthUser;
  records: PagedLiveList<AccessRecord>;
  events: PagedLiveList<SiteEvent>;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Tabs defaultValue="records" keepMounted={false}>
        <Tabs.List mb="xs">
          <Tabs.Tab value="records" leftSection={<IconId size={14} />}>
            Access records
          </Tabs.Tab>
          <Tabs.Tab value="events" leftSection={<IconDoor size={14} />}>
            Door events
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="records">
          <InfiniteList
            label="Access records"
            state={records}
            empty="No swipe or unlock recorded yet."
            more="Older records"
            row={(record) => <RecordRow key={record.id} record={record} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value="events">
          <InfiniteList
            label="Door events"
            state={events}
            empty="No door or lock event yet."
            more="Older events"
            row={(event) => (
              <li key={event.id} style={rowStyle}>
                <Group gap="xs" wrap="nowrap">
                  <Badge size="sm" variant="light" color={event.active ? 'orange' : 'teal'} w={84}>
                    {event.active ? 'Active' : 'Ended'}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {eventDisplayName(event.name, user.company_code)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(event.time)}
                  </Text>
                </Group>
              </li>
            )}
          />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
