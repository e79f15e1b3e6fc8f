import { Alert, Code, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { DeviceHealthItem } from '@towerwatch/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import { deviceHealthQuery } from '../api/monitor-api.ts';
import { MonitorLinks } from '../components/monitor-links.tsx';
import { matchesSearch } from '../monitor-model.ts';

const COLUMNS: readonly SortableColumn<DeviceHealthItem>[] = [
  { key: 'comId', label: 'Device', width: 130, value: (d) => d.comId },
  {
    key: 'site',
    label: 'Site',
    width: 220,
    value: (d) => d.siteName,
    render: (d) => (
      <Text size="sm" truncate="end">
        {d.siteName ?? '–'}
      </Text>
    ),
  },
  {
    key: 'service',
    label: 'Service string',
    value: (d) => d.service || null,
    render: (d) =>
      d.service ? (
        <Code
          title={d.service}
          data-testid="service-string"
          style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {d.service}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          Not reported
        </Text>
      ),
  },
  {
    key: 'serviceAt',
    label: 'Reported',
    width: 200,
    value: (d) => (d.serviceAt ? Date.parse(d.serviceAt) : null),
    render: (d) => (d.serviceAt ? formatDateTime(d.serviceAt) : '–'),
  },
];

/** /monitor/service-string: what every controller reports about itself, searchable (docs/requirements.md#service-string). */
export function ServiceStringPage() {
  const health = useQuery(deviceHealthQuery());
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const all = health.data?.items;
  const rows = useMemo(() => (all ?? []).filter((d) => matchesSearch(d, debounced)), [all, debounced]);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Service String</Title>
          <Text c="dimmed" size="sm">
            Model, firmware, uptime, signal strength and last error as each controller reports them
            {health.data
              ? ` · ${rows.length.toLocaleString()} of ${health.data.items.length.toLocaleString()} devices`
              : ''}
          </Text>
        </div>
        <MonitorLinks />
      </Group>
      <TextInput
        aria-label="Search service strings"
        placeholder="Search: device, site, model, firmware, error (e.g. timeout)"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={520}
      />
      {health.isError && (
        <Alert color="red" title="The devices could not be loaded">
          {errorMessage(health.error)}
        </Alert>
      )}
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {health.isPending ? (
          <Group justify="center" p="xl">
            <Loader size="sm" />
          </Group>
        ) : (
          <SortableTable
            columns={COLUMNS}
            rows={rows}
            rowKey={(d) => d.comId}
            caption="Service strings"
            emptyText="No device matches"
            virtual={{ height: 'calc(100vh - 260px)', rowHeight: 41 }}
            testId="service-string-scroll"
          />
        )}
      </Paper>
    </Stack>
  );
}
