import { Anchor, Badge, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconBattery3, IconBolt } from '@tabler/icons-react';
import { ROUTES } from '@towerwatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { eventCountQuery } from '../api/oem-api.ts';
import { BmsTab } from '../components/bms-tab.tsx';
import { OemEvents } from '../components/oem-events.tsx';
import { RectifierTab } from '../components/rectifier-tab.tsx';

/** The OEM tabs (docs/requirements.md#oem): the rectifier is the default. */
type OemTab = 'rectifier' | 'bms';

/** /oem/data: the open site's rectifier and BMS data and its OEM events (docs/requirements.md#oem-screens). */
export function OemDataPage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) return <Navigate to={ROUTES.siteList} replace />;
  return <OemData key={site.siteUid} siteUid={site.siteUid} siteName={site.name} />;
}

function OemData({ siteUid, siteName }: { siteUid: string; siteName: string }) {
  const [tab, setTab] = useState<OemTab>('rectifier');
  const [address, setAddress] = useState(1);
  // Failures of the alarm count are ignored silently (docs/requirements.md#oem-screens): no badge.
  const count = useQuery(eventCountQuery(siteUid));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Group gap="sm">
            <Title order={2}>OEM Data</Title>
            {count.data && (
              <Tooltip label={`Rectifier ${count.data.rectifier}, BMS ${count.data.bms}`}>
                <Badge
                  color={count.data.total > 0 ? 'red' : 'teal'}
                  variant="light"
                  data-testid="oem-alarm-count"
                >
                  {count.data.total} active {count.data.total === 1 ? 'alarm' : 'alarms'}
                </Badge>
              </Tooltip>
            )}
          </Group>
          <Text c="dimmed" size="sm">
            {siteName}
          </Text>
        </div>
        <Anchor component={Link} to={ROUTES.oemBatteryHealth} size="sm">
          Battery bank health of all sites
        </Anchor>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'bms' ? 'bms' : 'rectifier')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="rectifier" leftSection={<IconBolt size={16} />}>
            Rectifier
          </Tabs.Tab>
          <Tabs.Tab value="bms" leftSection={<IconBattery3 size={16} />}>
            BMS
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rectifier" pt="md">
          <RectifierTab siteUid={siteUid} />
        </Tabs.Panel>
        <Tabs.Panel value="bms" pt="md">
          <BmsTab siteUid={siteUid} address={address} onAddress={setAddress} />
        </Tabs.Panel>
      </Tabs>
      <OemEvents siteUid={siteUid} />
    </Stack>
  );
}
