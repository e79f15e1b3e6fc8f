import {
  Alert,
  Badge,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDuration, tenantLabel } from '@towerwatch/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { dayjs, formatDateTime, inDhaka } from '../../../lib/time.ts';
import { DOWN_HISTORY_PAGE_SIZE, downHistoryQueryOptions } from '../api/down-history-api.ts';

/** /site/history: site-down periods of the user's sites between two dates (docs/requirements.md#site-history). */
export function SiteHistoryPage() {
  const today = inDhaka(new Date());
  const [fromDate, setFromDate] = useState(today.subtract(6, 'day').format('YYYY-MM-DD'));
  const [untilDate, setUntilDate] = useState(today.format('YYYY-MM-DD'));
  const [page, setPage] = useState(1);
  const valid = dayjs(fromDate).isValid() && dayjs(untilDate).isValid() && fromDate <= untilDate;
  const history = useQuery({ ...downHistoryQueryOptions({ fromDate, untilDate, page }), enabled: valid });
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / DOWN_HISTORY_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Site History</Title>
          <Text c="dimmed" size="sm">
            {history.data ? `${history.data.total.toLocaleString()} site-down periods` : 'Site-down periods'}
          </Text>
        </div>
        <Group gap="sm">
          <TextInput
            type="date"
            label="From"
            value={fromDate}
            max={untilDate}
            onChange={(event) => {
              setFromDate(event.currentTarget.value);
              setPage(1);
            }}
          />
          <TextInput
            type="date"
            label="Until"
            value={untilDate}
            min={fromDate}
            onChange={(event) => {
              setUntilDate(event.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
      </Group>
      {!valid && <Alert color="yellow">Choose a start date on or before the end date.</Alert>}
      {history.isError && <Alert color="red">{errorMessage(history.error)}</Alert>}
      <Paper withBorder radius="md" p="md">
        {history.isPending && valid ? (
          <Group justify="center" p="xl">
            <Loader size="sm" />
          </Group>
        ) : (history.data?.items.length ?? 0) === 0 ? (
          <Text c="dimmed" ta="center" p="md">
            No site was down in this period.
          </Text>
        ) : (
          <Table striped highlightOnHover aria-label="Site-down history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Site</Table.Th>
                <Table.Th>Tenant</Table.Th>
                <Table.Th>Down at</Table.Th>
                <Table.Th>Up at</Table.Th>
                <Table.Th>Duration</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data?.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {item.siteName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.siteUid}
                    </Text>
                  </Table.Td>
                  <Table.Td>{item.tenant ? tenantLabel(item.tenant) : '—'}</Table.Td>
                  <Table.Td>{formatDateTime(item.downAt)}</Table.Td>
                  <Table.Td>
                    {item.upAt ? (
                      formatDateTime(item.upAt)
                    ) : (
                      <Badge color="red" variant="light">
                        Still down
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDuration(item.durationSeconds)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 && (
          <Group justify="center" mt="md">
            <Pagination total={pages} value={page} onChange={setPage} />
          </Group>
        )}
      </Paper>
    </Stack>
  );
}
