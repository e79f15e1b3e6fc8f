import {
  Alert,
  Anchor,
  Badge,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ROUTES, tenantLabel } from '@towerwatch/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { siteDetailsQueryOptions } from '../api/site-overview-api.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** /site/info: the focused site's configuration: identity, place, rectifier, devices and pins. */
export function SiteInfoPage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) {
    return (
      <Alert color="blue" title="No site selected">
        Choose a site in{' '}
        <Anchor component={Link} to={ROUTES.siteList}>
          All Sites
        </Anchor>{' '}
        to see its information.
      </Alert>
    );
  }
  return <SiteInfo siteUid={site.siteUid} />;
}

function SiteInfo({ siteUid }: { siteUid: string }) {
  const details = useQuery(siteDetailsQueryOptions(siteUid));
  if (details.isPending) return <Loader size="md" />;
  if (details.isError) return <Alert color="red">{errorMessage(details.error)}</Alert>;
  const { siteInfo: info, pinConfigs, devices } = details.data;
  const place = [info.place.thana, info.place.district, info.place.division].filter(Boolean).join(', ');
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{info.name}</Title>
        <Text c="dimmed" size="sm">
          Site information
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <Field label="Site ID">{info.meta.generic_site_id ?? '—'}</Field>
          <Field label="Site UID">{info.uid}</Field>
          <Field label="Tenants">{info.tenants.map(tenantLabel).join(', ') || '—'}</Field>
          <Field label="Status">
            <Badge variant="light" color={info.status === 'online' ? 'teal' : 'gray'}>
              {info.status}
            </Badge>
          </Field>
          <Field label="Place">{place || '—'}</Field>
          <Field label="Location">
            {info.location ? `${info.location.lat.toFixed(5)}, ${info.location.lng.toFixed(5)}` : '—'}
          </Field>
          <Field label="Rectifier">
            {[info.rectifier.rectifier_type, info.rectifier.rectifier_type_2].filter(Boolean).join(', ') ||
              '—'}
          </Field>
          <Field label="Device vendor">{info.device_vendor ?? '—'}</Field>
          <Field label="Battery capacity">{info.battery_max ? `${info.battery_max} Ah` : '—'}</Field>
          <Field label="Devices">{devices.join(', ') || '—'}</Field>
          <Field label="Created">{formatDateTime(info.created_at)}</Field>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs">
          <Title order={4}>Pin configuration</Title>
          <Text size="xs" c="dimmed">
            {pinConfigs.length} pins
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Pin configuration">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Pin</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Label</Table.Th>
                <Table.Th>Tenant</Table.Th>
                <Table.Th>Latest</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pinConfigs.map((pin) => (
                <Table.Tr key={pin.id}>
                  <Table.Td>{pin.com_id}</Table.Td>
                  <Table.Td>{pin.pin_name}</Table.Td>
                  <Table.Td>{pin.type}</Table.Td>
                  <Table.Td>{pin.label ?? '—'}</Table.Td>
                  <Table.Td>{pin.tenant ? tenantLabel(pin.tenant) : '—'}</Table.Td>
                  <Table.Td>{pin.status ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
