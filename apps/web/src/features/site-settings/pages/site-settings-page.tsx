import { Alert, Badge, Group, Loader, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { siteEndpoints } from '@towerwatch/contract';
import {
  DISABLEABLE_ALARM_IDS,
  type DisableableAlarmId,
  eventDisplayName,
  hasAccessRole,
  isPausedAlarm,
  isReadOnly,
  tenantLabel,
  ROUTES,
} from '@towerwatch/domain';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { useAuthUser } from '../../auth/index.ts';
import { siteOverviewKeys, useLiveSite } from '../../site-overview/index.ts';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';

/** /settings: pause (disable) the alarms the spec allows (docs/requirements.md#disableable-alarms) with POST /user/settings/save. */
export function SiteSettingsPage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) return <Navigate to={ROUTES.siteList} replace />;
  return <SiteSettings siteUid={site.siteUid} siteName={site.name} />;
}

function SiteSettings({ siteUid, siteName }: { siteUid: string; siteName: string }) {
  const user = useAuthUser();
  const queryClient = useQueryClient();
  const { alarms } = useLiveSite(siteUid);
  const [saving, setSaving] = useState<string | null>(null);

  const save = async (alarmId: DisableableAlarmId, enabled: boolean) => {
    if (!allowRestrictedAction(user, 'change the site settings')) return;
    setSaving(alarmId);
    try {
      await apiCall(siteEndpoints.settingsSave, {
        body: { siteUid, prop: alarmId, value: enabled },
      });
      await queryClient.invalidateQueries({ queryKey: siteOverviewKeys.alarms(siteUid) });
      notifications.show({
        color: 'teal',
        message: `${eventDisplayName(alarmId, user.company_code)} ${enabled ? 'enabled' : 'paused'}`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error),
      });
    } finally {
      setSaving(null);
    }
  };

  const items = alarms.data?.items ?? [];
  // Read-only users keep the switches so the refusal toast explains why (docs/requirements.md#restricted-actions); others
  // need the alarm settings access role, as the server checks.
  const lacksRole = !isReadOnly(user) && !hasAccessRole(user, 'alarm_settings');
  const paused = items.filter(isPausedAlarm).length;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Site Settings</Title>
          <Text c="dimmed" size="sm">
            {siteName}
          </Text>
        </div>
        <Badge size="lg" color="violet" variant="light" aria-label={`Paused alarms ${paused}`}>
          Paused alarms: {paused}
        </Badge>
      </Group>
      {lacksRole && (
        <Alert color="yellow" title="Read only">
          Pausing alarms needs the alarm settings access of your account.
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="xs">
          Alarms that can be paused
        </Title>
        {alarms.isPending ? (
          <Loader size="sm" />
        ) : alarms.isError ? (
          <Alert color="red">{errorMessage(alarms.error)}</Alert>
        ) : (
          <Table verticalSpacing="sm">
            <Table.Tbody>
              {DISABLEABLE_ALARM_IDS.map((id) => {
                const of = items.filter((a) => a.id === id);
                const installed = of.some((a) => a.isAvailable);
                const disabled = of.length > 0 && of.every((a) => a.isDisable);
                const name = eventDisplayName(id, user.company_code);
                return (
                  <Table.Tr key={id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {installed
                          ? of
                              .map((a) => a.tenant)
                              .filter((t): t is string => t !== null)
                              .map(tenantLabel)
                              .join(', ') || 'Installed'
                          : 'Not installed on this site'}
                      </Text>
                    </Table.Td>
                    <Table.Td w={160}>
                      {/* An alarm the site does not have cannot be paused (the server refuses it). */}
                      {installed ? (
                        <Switch
                          aria-label={`${name} enabled`}
                          label={disabled ? 'Paused' : 'Enabled'}
                          checked={!disabled}
                          disabled={saving !== null || lacksRole}
                          onChange={(event) => void save(id, event.currentTarget.checked)}
                        />
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
