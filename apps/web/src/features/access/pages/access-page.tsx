import { Alert, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ROUTES, tenantLabel } from '@towerwatch/domain';
import { Navigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { useAuthUser } from '../../auth/index.ts';
import { useLiveSite } from '../../site-overview/index.ts';
import { accessFlags, doorAndLock } from '../access-model.ts';
import { DoorLockPanel } from '../components/door-lock-panel.tsx';
import { OpenHoursChart } from '../components/open-hours-chart.tsx';
import { RecordsPanel } from '../components/records-panel.tsx';
import { SiteCardsPanel } from '../components/site-cards-panel.tsx';
import { SyncBadge } from '../components/sync-badge.tsx';
import { useAccessCommands } from '../hooks/use-access-commands.ts';
import { useAccessRecords, useDoorEvents } from '../hooks/use-access-records.ts';
import { useSiteCards } from '../hooks/use-site-cards.ts';

/**
 * /access (docs/requirements.md#access-control): the focused site's door and lock, live, with unlock and the
 * clear commands and their progress; its access records (live swipes on top, older pages on scroll),
 * its cards with add and delete and whether the device applied the list, and the door's open hours.
 */
export function AccessPage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) return <Navigate to={ROUTES.siteList} replace />;
  return <SiteAccess siteUid={site.siteUid} tenant={site.tenant} />;
}

function SiteAccess({ siteUid, tenant }: { siteUid: string; tenant: string | null }) {
  const user = useAuthUser();
  const { details, alarms } = useLiveSite(siteUid);
  const commands = useAccessCommands(siteUid, tenant);
  const records = useAccessRecords(siteUid);
  const doorEvents = useDoorEvents(siteUid, user);
  const cards = useSiteCards(siteUid);

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
  const siteAlarms = alarms.data.items.filter((a) => !a.tenant || !tenant || a.tenant === tenant);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{info.name}</Title>
          <Text c="dimmed" size="sm">
            Door access{tenant ? ` · ${tenantLabel(tenant)}` : ''} · {info.meta.generic_site_id ?? info.uid}
          </Text>
        </div>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Access list
          </Text>
          <SyncBadge sync={cards.sync} />
          {cards.sync?.state === 'failed' && cards.sync.error && (
            <Text size="xs" c="red">
              {cards.sync.error}
            </Text>
          )}
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <DoorLockPanel
              user={user}
              siteName={info.name}
              states={doorAndLock(siteAlarms, details.data.pinConfigs)}
              flags={accessFlags(siteAlarms)}
              {...commands}
            />
            <RecordsPanel user={user} records={records} events={doorEvents} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <SiteCardsPanel user={user} siteUid={siteUid} state={cards} />
            <OpenHoursChart siteUid={siteUid} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
