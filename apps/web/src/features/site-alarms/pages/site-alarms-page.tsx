import {
  Alert,
  Anchor,
  Grid,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { alarmFilterOptions, isReadOnly, ROUTES } from '@towerwatch/domain';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { useAuthUser } from '../../auth/index.ts';
import { alarmRows, AlarmTable, EventsPanel, useLiveSite, useSiteEvents } from '../../site-overview/index.ts';
import { CreateTicketLink } from '../../tickets/index.ts';
import { type AlarmPageFilter, alarmRowMatches, GROUP_CHOICES } from '../alarm-page-filter.ts';

/** /alarm: the focused site's alarms by alarm filter group (docs/requirements.md#alarm-groups) and its events to acknowledge. */
export function SiteAlarmsPage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) return <Navigate to={ROUTES.siteList} replace />;
  return <SiteAlarms siteUid={site.siteUid} siteName={site.name} tenant={site.tenant} />;
}

function SiteAlarms({
  siteUid,
  siteName,
  tenant,
}: {
  siteUid: string;
  siteName: string;
  tenant: string | null;
}) {
  const user = useAuthUser();
  const { alarms } = useLiveSite(siteUid);
  const events = useSiteEvents(user, siteUid, tenant);
  const [filter, setFilter] = useState<AlarmPageFilter>({ group: 'All', keys: [], raisedOnly: false });
  const options =
    filter.group === 'All'
      ? []
      : alarmFilterOptions(filter.group, user.company_code).map((o) => ({ value: o.key, label: o.label }));

  const rows = alarms.data
    ? alarmRows(alarms.data.items, user.company_code).filter((r) => r.state !== 'unavailable')
    : [];
  const shown = rows.filter((row) => alarmRowMatches(row, filter));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Alarms</Title>
          <Text c="dimmed" size="sm">
            {siteName}
          </Text>
        </div>
        <Anchor component={Link} to={`${ROUTES.ticket}?site=${encodeURIComponent(siteUid)}`} size="sm">
          Tickets
        </Anchor>
      </Group>
      <Group gap="md" align="flex-end">
        <SegmentedControl
          aria-label="Alarm group"
          data={[...GROUP_CHOICES]}
          value={filter.group}
          onChange={(value) => setFilter({ ...filter, group: value as AlarmPageFilter['group'], keys: [] })}
        />
        {filter.group !== 'All' && (
          <MultiSelect
            aria-label="Alarms of the group"
            placeholder="All alarms of the group"
            data={options}
            value={[...filter.keys]}
            onChange={(keys) => setFilter({ ...filter, keys })}
            searchable
            clearable
            w={360}
          />
        )}
        <Switch
          label="Raised only"
          checked={filter.raisedOnly}
          onChange={(event) => setFilter({ ...filter, raisedOnly: event.currentTarget.checked })}
        />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="md" p="md">
            {alarms.isPending ? (
              <Group justify="center" p="xl">
                <Loader size="sm" />
              </Group>
            ) : alarms.isError ? (
              <Alert color="red">{errorMessage(alarms.error)}</Alert>
            ) : shown.length === 0 ? (
              <Text c="dimmed" ta="center" p="md">
                No alarm matches.
              </Text>
            ) : (
              <AlarmTable
                rows={shown}
                action={
                  isReadOnly(user)
                    ? undefined
                    : (row) =>
                        row.state === 'raised' ? (
                          <CreateTicketLink
                            siteUid={siteUid}
                            siteName={siteName}
                            alarmId={row.id}
                            tenant={row.tenant}
                            name={row.name}
                          />
                        ) : null
                }
              />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <EventsPanel state={events} user={user} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
