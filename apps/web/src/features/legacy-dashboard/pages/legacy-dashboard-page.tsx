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
import { useQuery } from '@tanstack/react-query';
import {
  LEGACY_DASHBOARD_PATH,
  allowedTenants,
  isAnyTenant,
  normalizePath,
  tenantLabel,
} from '@towerwatch/domain';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { inDhaka } from '../../../lib/time.ts';
import { useAuthUser } from '../../auth/hooks/use-session.ts';
import {
  LEGACY_EXPORT_KIND,
  LEGACY_TABS,
  type LegacyTab,
  alarmsQueryOptions,
  downloadExcelExport,
  legacyTableQueryOptions,
  stationsQueryOptions,
} from '../api/legacy-api.ts';
import {
  AlarmTable,
  LEGACY_COLUMNS,
  STATION_COLUMN_LABELS,
  STATION_COLUMN_OPTIONS,
  type StationColumn,
  StationsTable,
} from '../components/legacy-tables.tsx';
import { SortableTable } from '../../../ui/sortable-table.tsx';

const ALL_TENANT = 'all';

function currentTab(pathname: string): LegacyTab {
  const segment = normalizePath(pathname).slice(LEGACY_DASHBOARD_PATH.length + 1);
  return LEGACY_TABS.find((tab) => tab.segment === segment) ?? LEGACY_TABS[0];
}

function Loading() {
  return (
    <Group justify="center" py="xl">
      <Loader size="sm" />
    </Group>
  );
}

/** Ranking-table load failures show the server's message in a toast (platform-core §8). */
function useErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notifications.show({ color: 'red', message: errorMessage(error) });
  }, [error]);
}

function RankingTab({
  kind,
  tenant,
}: {
  kind: 'energy' | 'climate' | 'voltage' | 'battery';
  tenant: string | null;
}) {
  const query = useQuery(legacyTableQueryOptions(kind, tenant));
  useErrorToast(query.error);
  if (query.isPending) return <Loading />;
  const numeric = LEGACY_COLUMNS[kind].at(-1)?.key;
  return (
    <SortableTable
      caption={LEGACY_TABS.find((t) => t.id === kind)?.label ?? kind}
      columns={LEGACY_COLUMNS[kind]}
      rows={query.data?.rows ?? []}
      rowKey={(row) => `${row.site_uid}:${row.tenant ?? ''}`}
      initialSortKey={numeric}
      emptyText={query.isError ? 'The table could not be loaded.' : 'No readings yet.'}
    />
  );
}

/**
 * The legacy dashboard (platform-core §2): tabs All RMS Station, Alarm, DC Energy Meter, Climate,
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
  const [exporting, setExporting] = useState(false);
  const tenant = tenantChoice === ALL_TENANT || tab.id === 'climate' ? null : tenantChoice;
  const exportKind = LEGACY_EXPORT_KIND[tab.id];

  const stations = useQuery({ ...stationsQueryOptions(tenant), enabled: tab.id === 'stations' });
  const alarms = useQuery({ ...alarmsQueryOptions(tenant), enabled: tab.id === 'alarm' });
  useErrorToast(stations.error ?? alarms.error);

  async function exportTable() {
    if (!exportKind) return;
    setExporting(true);
    try {
      await downloadExcelExport({
        file_name: `${tab.label} ${inDhaka(new Date()).format('YYYY-MM-DD HHmm')}`,
        kind: exportKind,
        ...(tenant && isAnyTenant(tenant) ? { tenant } : {}),
      });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p={0}>
        <Group justify="space-between" px="sm" pt={4} wrap="wrap" gap="xs">
          <Tabs
            value={tab.id}
            onChange={(value) => {
              const next = LEGACY_TABS.find((t) => t.id === value);
              if (next)
                void navigate(
                  next.segment ? `${LEGACY_DASHBOARD_PATH}/${next.segment}` : LEGACY_DASHBOARD_PATH,
                );
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
            {tab.id !== 'climate' && (
              <Select
                aria-label="Tenant"
                size="xs"
                w={160}
                allowDeselect={false}
                value={tenantChoice}
                onChange={(value) => value && setTenantChoice(value)}
                data={[
                  { value: ALL_TENANT, label: 'All Tenant' },
                  ...allowedTenants(user).map((t) => ({ value: t, label: tenantLabel(t) })),
                ]}
              />
            )}
            {tab.id === 'stations' && (
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
                loading={exporting}
                onClick={exportTable}
              >
                Export
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="xs">
        {tab.id === 'stations' &&
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
        {(tab.id === 'energy' || tab.id === 'climate' || tab.id === 'voltage' || tab.id === 'battery') && (
          <RankingTab kind={tab.id} tenant={tenant} />
        )}
      </Paper>
      {tab.id === 'stations' && stations.data && (
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
