import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Popover,
  Select,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustmentsHorizontal, IconFileSpreadsheet } from '@tabler/icons-react';
import { type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import type { LegacyTableReply } from '@towerwatch/contract';
import {
  allowedTenants,
  isAnyTenant,
  LEGACY_TABS,
  legacyShowsTenantSelector,
  legacyTabForPath,
  legacyTenantOptions,
  normalizePath,
} from '@towerwatch/domain';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuthUser } from '../../auth/index.ts';
import {
  alarmsQueryOptions,
  downloadExport,
  legacyTableQueryOptions,
  stationsQueryOptions,
} from '../api/legacy-api.ts';
import {
  AlarmTable,
  BatteryTable,
  RankingTable,
  STATION_COLUMN_LABELS,
  STATION_COLUMN_OPTIONS,
  type StationColumn,
  StationsTable,
} from '../components/legacy-tables.tsx';

const ALL_TENANT = 'all';

/** A legacy tab (domain LEGACY_TABS: path, columns, export kind). */
type LegacyTab = (typeof LEGACY_TABS)[number];
/** The export kind of a tab that has one. */
type ExportKind = NonNullable<LegacyTab['exportKind']>;

function currentTab(pathname: string): LegacyTab {
  return legacyTabForPath(normalizePath(pathname)) ?? LEGACY_TABS[0];
}

function Loading() {
  return (
    <Group justify="center" py="xl">
      <Loader size="sm" />
    </Group>
  );
}

/** Ranking-table load failures show the server's message in a toast (docs/requirements.md#server-message-toast). */
function useErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notifications.show({ color: 'red', message: errorMessage(error) });
  }, [error]);
}

/** The row field each ranking tab sorts by first (descending). */
const SORT_FIELD: Record<ExportKind, string> = {
  energy: 'load_kw',
  climate: 'temperature_c',
  voltage: 'voltage_v',
};

function RankingTab({ tab, table }: { tab: LegacyTab; table: UseQueryResult<LegacyTableReply> }) {
  useErrorToast(table.error);
  if (table.isPending) return <Loading />;
  if (!table.data) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        The table could not be loaded.
      </Text>
    );
  }
  return (
    <RankingTable
      table={table.data}
      caption={tab.label}
      sortField={tab.exportKind ? SORT_FIELD[tab.exportKind] : undefined}
    />
  );
}

/**
 * The legacy dashboard (docs/requirements.md#legacy-dashboard): tabs All RMS Station, Alarm, DC Energy Meter, Climate,
 * Rectifier, Battery; tenant selector (All Tenant + allowed, hidden on Climate); View Settings on
 * the first tab; sortable columns; exports energy / climate / voltage as real .xlsx files.
 */
export function LegacyDashboardPage() {
  const user = useAuthUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = currentTab(pathname);
  const [tenantChoice, setTenantChoice] = useState(ALL_TENANT);
  const [columns, setColumns] = useState<StationColumn[]>([...STATION_COLUMN_OPTIONS]);
  const chosen = tenantChoice === ALL_TENANT || !legacyShowsTenantSelector(tab.id) ? null : tenantChoice;
  const tenant = chosen && isAnyTenant(chosen) ? chosen : null;
  const exportKind = tab.exportKind;

  const stations = useQuery({
    ...stationsQueryOptions(tenant),
    enabled: tab.id === 'all-rms-station' || tab.id === 'battery',
  });
  const table = useQuery({
    ...legacyTableQueryOptions(exportKind ?? 'energy', tenant),
    enabled: exportKind !== null,
  });
  const download = useMutation({
    mutationFn: () => downloadExport(exportKind ?? 'energy', tenant, tab.label),
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  const alarms = useQuery({ ...alarmsQueryOptions(tenant), enabled: tab.id === 'alarm' });
  useErrorToast(stations.error ?? alarms.error);

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p={0}>
        <Group justify="space-between" px="sm" pt={4} wrap="wrap" gap="xs">
          <Tabs
            value={tab.id}
            onChange={(value) => {
              const next = LEGACY_TABS.find((t) => t.id === value);
              if (next) void navigate(next.path);
            }}
            variant="default"
          >
            <Tabs.List style={{ borderBottom: 0 }}>
              {LEGACY_TABS.map((t) => (
                <Tabs.Tab key={t.id} value={t.id}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Group gap="xs" py={6}>
            {legacyShowsTenantSelector(tab.id) && (
              <Select
                aria-label="Tenant"
                size="xs"
                w={160}
                allowDeselect={false}
                value={tenantChoice}
                onChange={(value) => value && setTenantChoice(value)}
                data={legacyTenantOptions(allowedTenants(user)).map((o) => ({
                  value: o.value ?? ALL_TENANT,
                  label: o.label,
                }))}
              />
            )}
            {tab.id === 'all-rms-station' && (
              <Popover position="bottom-end" shadow="md">
                <Popover.Target>
                  <Button size="xs" variant="default" leftSection={<IconAdjustmentsHorizontal size={14} />}>
                    View Settings
                  </Button>
                </Popover.Target>
                <Popover.Dropdown>
                  <Checkbox.Group
                    label="Columns"
                    value={columns}
                    onChange={(value) => setColumns(value as StationColumn[])}
                  >
                    <Stack gap={6} mt={6}>
                      {STATION_COLUMN_OPTIONS.map((c) => (
                        <Checkbox key={c} value={c} label={STATION_COLUMN_LABELS[c]} size="xs" />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                </Popover.Dropdown>
              </Popover>
            )}
            {exportKind && (
              <Button
                size="xs"
                leftSection={<IconFileSpreadsheet size={14} />}
                loading={download.isPending}
                disabled={!table.data}
                onClick={() => download.mutate()}
              >
                Export
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="xs">
        {tab.id === 'all-rms-station' &&
          (stations.isPending ? (
            <Loading />
          ) : (
            <StationsTable sites={stations.data?.items ?? []} visible={columns} />
          ))}
        {tab.id === 'alarm' &&
          (alarms.isPending ? (
            <Loading />
          ) : (
            <AlarmTable items={alarms.data?.items ?? []} companyCode={user.company_code} />
          ))}
        {exportKind && <RankingTab tab={tab} table={table} />}
        {tab.id === 'battery' &&
          (stations.isPending ? <Loading /> : <BatteryTable sites={stations.data?.items ?? []} />)}
      </Paper>
      {tab.id === 'all-rms-station' && stations.data && (
        <Text size="xs" c="dimmed">
          {stations.data.items.length} of {stations.data.total} sites
        </Text>
      )}
      {tab.id === 'climate' && (
        <Alert variant="light" color="gray" p="xs">
          Climate readings are per site and not split by tenant.
        </Alert>
      )}
    </Stack>
  );
}
