import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { OEM_RECORD_KINDS } from '@towerwatch/contract';
import { COMPANY_CODES, companyLabel } from '@towerwatch/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { type OemRecordFilter, oemRecordsQuery } from '../api/monitor-api.ts';
import { MonitorLinks } from '../components/monitor-links.tsx';

/** Time windows of the page (from now back). */
const WINDOWS = [
  { value: '1', label: 'Last hour' },
  { value: '24', label: 'Last 24 hours' },
  { value: '168', label: 'Last 7 days' },
  { value: 'all', label: 'All time' },
];

/** A record's fields without `kind`, as compact JSON. */
const summary = (data: Record<string, unknown>) => {
  const { kind: _kind, ...rest } = data;
  const text = JSON.stringify(rest);
  return text.length > 220 ? `${text.slice(0, 220)}…` : text;
};

/** /monitor/oem-records: raw OEM records of the fleet, newest first (docs/requirements.md#device-monitoring). */
export function OemRecordsPage() {
  const [company, setCompany] = useState<string | null>(null);
  const [site, setSite] = useState('');
  const [debouncedSite] = useDebouncedValue(site.trim(), 300);
  const [kind, setKind] = useState<string | null>(null);
  const [window, setWindow] = useState('24');
  // The window's start, fixed when the filters change (not on every render).
  const filter = useMemo<OemRecordFilter>(
    () => ({
      ...(company ? { company_id: company } : {}),
      ...(debouncedSite ? { site_uid: debouncedSite } : {}),
      ...(kind ? { kind: kind as OemRecordFilter['kind'] } : {}),
      ...(window === 'all'
        ? {}
        : { from_time: new Date(Date.now() - Number(window) * 3_600_000).toISOString() }),
    }),
    [company, debouncedSite, kind, window],
  );
  const records = useInfiniteQuery(oemRecordsQuery(filter));
  const items = records.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>OEM Records</Title>
          <Text c="dimmed" size="sm">
            Rectifier and BMS records as the controllers sent them, newest first
          </Text>
        </div>
        <MonitorLinks />
      </Group>
      <Group gap="sm" align="flex-end">
        <Select
          aria-label="Company"
          placeholder="All companies"
          data={COMPANY_CODES.map((code) => ({ value: code, label: companyLabel(code) }))}
          value={company}
          onChange={setCompany}
          clearable
          w={180}
        />
        <TextInput
          aria-label="Site ID"
          placeholder="Site ID"
          value={site}
          onChange={(e) => setSite(e.currentTarget.value)}
          w={200}
        />
        <Select
          aria-label="Kind"
          placeholder="All kinds"
          data={OEM_RECORD_KINDS.map((k) => ({ value: k, label: k.replace('_', ' ') }))}
          value={kind}
          onChange={setKind}
          clearable
          w={200}
        />
        <Select
          aria-label="Time"
          data={WINDOWS}
          value={window}
          onChange={(v) => setWindow(v ?? '24')}
          w={160}
          allowDeselect={false}
        />
      </Group>
      {records.isError && (
        <Alert color="red" title="The records could not be loaded">
          {errorMessage(records.error)}
        </Alert>
      )}
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={900}>
          <Table striped fz="sm" aria-label="OEM records" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Site</Table.Th>
                <Table.Th>Device</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Record</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.time)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.siteName ?? '–'}</Text>
                    <Text size="xs" c="dimmed">
                      {r.siteUid} · {r.companyId ? companyLabel(r.companyId) : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.comId}</Table.Td>
                  <Table.Td>
                    <Text
                      size="sm"
                      fw={600}
                      c={r.kind.startsWith('bms') ? 'grape.5' : 'blue.5'}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {r.kind.replace('_', ' ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{summary(r.data)}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!records.isPending && items.length === 0 && (
          <Text c="dimmed" ta="center" p="md">
            No records match
          </Text>
        )}
        <Group justify="center" p="sm">
          {records.hasNextPage && (
            <Button
              variant="light"
              loading={records.isFetchingNextPage}
              onClick={() => void records.fetchNextPage()}
            >
              Older records
            </Button>
          )}
        </Group>
      </Paper>
    </Stack>
  );
}
