import { Alert, Badge, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ROUTES, tenantLabel } from '@towerwatch/domain';
import { Navigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { useAuthUser } from '../../auth/index.ts';
import { backupEstimateQueryOptions } from '../api/site-overview-api.ts';
import { AlarmTable } from '../components/alarm-table.tsx';
import { EventsPanel } from '../components/events-panel.tsx';
import { PowerChainView } from '../components/power-chain.tsx';
import { useLiveSite } from '../hooks/use-live-site.ts';
import { useSiteEvents } from '../hooks/use-site-events.ts';
import { alarmRows, powerChain } from '../site-overview-model.ts';

/** /site: the focused site's live power chain, alarms and events (docs/requirements.md#site-pages, docs/requirements.md#site-load). */
export function SiteOverviewPage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) return <Navigate to={ROUTES.siteList} replace />;
  return <SiteOverview siteUid={site.siteUid} tenant={site.tenant} />;
}

function SiteOverview({ siteUid, tenant }: { siteUid: string; tenant: string | null }) {
  const user = useAuthUser();
  const { details, alarms, extras } = useLiveSite(siteUid);
  const events = useSiteEvents(user, siteUid, tenant);
  // The estimate answers at once; the socket's backup figure (every few seconds on battery) wins.
  const backup = useQuery(backupEstimateQueryOptions(siteUid, tenant));

  if (details.isPending || alarms.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader size="md" />
      </Group>
    );
  }
  if (details.isError || alarms.isError) {
    return (
      <Alert color="red" title="The site could not be loaded">
        {errorMessage(details.error ?? alarms.error)}
      </Alert>
    );
  }
  const info = details.data.siteInfo;
  const chain = powerChain(details.data, alarms.data.items, tenant, {
    ...extras,
    backupMinutes: extras.backupMinutes ?? backup.data?.minutes ?? null,
  });
  const rows = alarmRows(alarms.data.items, user.company_code);
  const raised = rows.filter((row) => row.state === 'raised').length;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{info.name}</Title>
          <Text c="dimmed" size="sm">
            {info.meta.generic_site_id ?? info.uid}
            {info.place.district ? ` · ${info.place.district}` : ''}
            {tenant ? ` · ${tenantLabel(tenant)}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          <Badge size="lg" variant="light" color={info.status === 'online' ? 'teal' : 'gray'}>
            {info.status === 'online' ? 'Online' : 'Offline'}
          </Badge>
          <Badge size="lg" variant={raised > 0 ? 'filled' : 'light'} color={raised > 0 ? 'red' : 'teal'}>
            {raised} active alarm{raised === 1 ? '' : 's'}
          </Badge>
        </Group>
      </Group>
      <PowerChainView chain={chain} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={4} mb="xs">
              Alarms
            </Title>
            <AlarmTable rows={rows.filter((row) => row.state !== 'unavailable')} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <EventsPanel state={events} user={user} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
