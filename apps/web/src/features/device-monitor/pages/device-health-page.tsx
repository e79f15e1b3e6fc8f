import {
  Alert,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { COMPANY_CODES, companyLabel } from '@towerwatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { SortableTable } from '../../../ui/sortable-table.tsx';
import { deviceHealthQuery } from '../api/monitor-api.ts';
import { HEALTH_COLUMNS } from '../components/health-columns.tsx';
import { MonitorLinks } from '../components/monitor-links.tsx';
import { HEALTH_FILTERS, type HealthFilter, matchesHealthFilter, matchesSearch } from '../monitor-model.ts';

const FILTER_LABELS: Record<HealthFilter, string> = {
  all: 'All',
  online: 'Online',
  offline: 'Offline',
  flapping: 'Flapping',
  rejections: 'Refused messages',
};

/** /monitor/device-health: every controller of the fleet (docs/requirements.md#device-monitoring). */
export function DeviceHealthPage() {
  const health = useQuery(deviceHealthQuery());
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [filter, setFilter] = useState<HealthFilter>('all');
  const [company, setCompany] = useState<string | null>(null);
  const all = health.data?.items;
  const rows = useMemo(
    () =>
      (all ?? []).filter(
        (d) =>
          matchesHealthFilter(d, filter) &&
          matchesSearch(d, debounced) &&
          (!company || d.companyId === company),
      ),
    [all, filter, debounced, company],
  );
  const counts = health.data?.counts;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Device Health</Title>
          <Text c="dimmed" size="sm" aria-live="polite" data-testid="device-count">
            {health.isPending
              ? 'Loading devices…'
              : `${rows.length.toLocaleString()} of ${(all?.length ?? 0).toLocaleString()} devices`}
          </Text>
        </div>
        <MonitorLinks />
      </Group>
      {counts && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {(
            [
              ['Online', counts.online, 'teal'],
              ['Offline', counts.offline, 'red'],
              ['Flapping', counts.flapping, 'orange'],
              ['With refused messages', counts.withRejections, 'grape'],
            ] as const
          ).map(([label, value, colour]) => (
            <Paper key={label} withBorder radius="md" p="sm" aria-label={label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {label}
              </Text>
              <Text size="xl" fw={700} c={`${colour}.7`}>
                {value.toLocaleString()}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Group gap="sm" align="flex-end">
        <SegmentedControl
          aria-label="Device status"
          data={HEALTH_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
          value={filter}
          onChange={(value) => setFilter(value as HealthFilter)}
        />
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
          aria-label="Search devices"
          placeholder="Device, site, firmware"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={260}
        />
      </Group>
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
            columns={HEALTH_COLUMNS}
            rows={rows}
            rowKey={(d) => d.comId}
            caption="Devices"
            emptyText="No device matches"
            virtual={{ height: 'calc(100vh - 330px)', rowHeight: 41 }}
            testId="device-health-scroll"
          />
        )}
      </Paper>
    </Stack>
  );
}
