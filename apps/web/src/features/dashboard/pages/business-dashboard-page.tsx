import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  companyLabel,
  DC_LOAD_LABELS,
  hasAccessRole,
  isPanelCountMasked,
  isTenantReadOnly,
  LEGACY_DASHBOARD_PATH,
  tenantLabel,
} from '@towerwatch/domain';
import { Link, useParams } from 'react-router';
import { dashboardDefaultRange, formatChartLabel, formatDateTime } from '../../../lib/time.ts';
import { useAuthUser } from '../../auth/index.ts';
import {
  availabilityQueryOptions,
  dashboardCountQueryOptions,
  statusCountsQueryOptions,
} from '../api/dashboard-api.ts';
import { AvailabilityChart } from '../components/availability-chart.tsx';
import { CountPanel, type CountPanelItem } from '../components/count-panel.tsx';
import { DashboardTiles } from '../components/dashboard-tiles.tsx';
import { LoadStatusChart } from '../components/load-status-chart.tsx';
import { useLiveDashboardCounts } from '../hooks/use-live-dashboard-counts.ts';

/**
 * The smart dashboard: /dashboard/business (all allowed tenants) and /dashboard/{tenant}
 * (docs/requirements.md#dashboard-tiles). Tiles per the domain rules, count panels, load-status and availability graphs,
 * all kept live from /wss.
 */
export function BusinessDashboardPage() {
  const user = useAuthUser();
  const { tenant: tenantParam } = useParams();
  const tenant = tenantParam && tenantParam !== 'business' ? tenantParam : null;
  const range = dashboardDefaultRange();
  const status = useQuery(statusCountsQueryOptions(tenant));
  const dashboard = useQuery(dashboardCountQueryOptions(tenant));
  const availability = useQuery(availabilityQueryOptions(tenant, range.from, range.until));
  useLiveDashboardCounts(tenant);

  const s = status.data;
  const acs = hasAccessRole(user, 'acs');
  // A count whose tile is masked is masked in the panels too (docs/requirements.md#tile-masking).
  const mask = (panel: string) => (item: CountPanelItem) => ({
    ...item,
    masked: isPanelCountMasked(user, panel, item.label),
  });
  const failed = status.isError && dashboard.isError;
  // A tenant read-only user sees its tenant's network, not the company's (docs/requirements.md#dashboard-target).
  const soleTenant = isTenantReadOnly(user) ? user.tenants?.[0] : undefined;
  const networkName = soleTenant
    ? tenantLabel(soleTenant)
    : user.company_code
      ? companyLabel(user.company_code)
      : 'All';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="xs">
        <Group gap="xs" align="baseline">
          <Title order={2} fz="md">
            {tenant ? `${tenantLabel(tenant)} sites` : `${networkName} network`}
          </Title>
          <Text size="sm" c="dimmed">
            {dashboard.data ? `${dashboard.data.siteCount.total} sites` : 'Loading sites…'} · counts update
            live · {dashboard.dataUpdatedAt ? `checked ${formatDateTime(dashboard.dataUpdatedAt)}` : ''}
          </Text>
        </Group>
        {hasAccessRole(user, 'legacy') && (
          <Button
            component={Link}
            to={LEGACY_DASHBOARD_PATH}
            size="xs"
            variant="default"
            leftSection={<IconHistory size={14} />}
          >
            Legacy Dashboard
          </Button>
        )}
      </Group>
      {failed && (
        <Alert color="yellow" variant="light">
          The counts could not be loaded. They will refresh when the server answers.
        </Alert>
      )}
      <DashboardTiles user={user} tenant={tenant} status={s} dashboard={dashboard.data} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: acs ? 6 : 5 }} spacing="sm">
        <CountPanel
          title="Power"
          items={(
            [
              { label: 'Mains On', value: s?.power.mains_on, color: 'teal' },
              { label: 'Mains Off', value: s?.power.mains_off, color: 'red' },
              { label: 'On Battery', value: s?.power.site_on_battery, color: 'orange' },
              { label: 'DC Low', value: s?.power.dc_low, color: 'yellow' },
              { label: 'DG Power', value: s?.power.dg_power, color: 'blue' },
              { label: 'PG Power', value: s?.power.pg_power, color: 'grape' },
              { label: 'Site Down', value: s?.power.site_down, color: 'gray' },
            ] satisfies CountPanelItem[]
          ).map(mask('Power'))}
        />
        {acs && (
          <CountPanel
            title="Access"
            items={(
              [
                { label: 'Total Door', value: s?.access.total_door, color: 'signal' },
                { label: 'Door Open', value: s?.access.door_open, color: 'orange' },
                { label: 'Lock Open', value: s?.access.lock_open, color: 'yellow' },
                { label: 'Lock Open Fail', value: s?.access.lock_open_fail, color: 'red' },
                { label: 'Lock Close Fail', value: s?.access.lock_close_fail, color: 'red' },
                { label: 'Security Breach', value: s?.access.security_breach, color: 'red' },
                { label: 'Vibration', value: s?.access.vibration, color: 'grape' },
              ] satisfies CountPanelItem[]
            ).map(mask('Access'))}
          />
        )}
        <Stack gap="sm">
          <CountPanel
            title="Mains"
            stacked
            items={[
              { label: 'On', value: s?.mains.on, color: 'teal' },
              { label: 'Off', value: s?.mains.off, color: 'red' },
            ]}
          />
          <CountPanel
            title="DG"
            stacked
            items={[
              { label: 'Running', value: s?.dg.on, color: 'blue' },
              { label: 'Off', value: s?.dg.off, color: 'gray' },
            ]}
          />
        </Stack>
        <Stack gap="sm">
          <CountPanel
            title="DC load"
            stacked
            items={[
              { label: DC_LOAD_LABELS.DOWN, value: s?.dcPower.no_load, color: 'orange' },
              { label: DC_LOAD_LABELS.NORMAL, value: s?.dcPower.normal_load, color: 'teal' },
              { label: DC_LOAD_LABELS.OVER, value: s?.dcPower.over_load, color: 'red' },
            ]}
          />
        </Stack>
        <CountPanel
          title="Battery backup"
          stacked
          items={[
            { label: 'Full', value: s?.battery.full, color: 'teal' },
            { label: 'Good', value: s?.battery.good, color: 'lime' },
            { label: 'OK', value: s?.battery.ok, color: 'yellow' },
            { label: 'Bad', value: s?.battery.bad, color: 'red' },
          ]}
        />
        <CountPanel
          title="Temperature"
          stacked
          items={[
            { label: 'Normal', value: s?.temperature.normal, color: 'teal' },
            { label: 'High', value: s?.temperature.high, color: 'red' },
          ]}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <LoadStatusChart loadCount={s?.dcPower.loadCount} />
        <AvailabilityChart
          data={availability.data}
          rangeLabel={`${formatChartLabel(range.from, 'day')} – ${formatChartLabel(range.until, 'day')}`}
        />
      </SimpleGrid>
    </Stack>
  );
}
