import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type EndpointBody, type SitePinConfig } from '@towerwatch/contract';
import { PIN_SERVICE_OPTIONS, ROUTES, tenantLabel } from '@towerwatch/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { SortableTable } from '../../../ui/sortable-table.tsx';
import { adminKeys, freeDevicesQueryOptions, siteDetailsQueryOptions } from '../api/admin-api.ts';
import { valueOfConfig } from '../admin-model.ts';
import { type PinDraft, PinEditor } from '../components/pin-editor.tsx';

const serviceLabel = (c: SitePinConfig) =>
  PIN_SERVICE_OPTIONS.find((o) => (o.priority ? `${o.type}:${o.priority}` : o.type) === valueOfConfig(c))
    ?.label ?? c.type;

/**
 * /customer/site/configure?site_uid=: the site's controllers (bind by com_id, unbind) and its pin
 * configs (add, edit, remove with the pin rules). Each change reaches ingest at once.
 */
export function SiteConfigurePage() {
  const [params] = useSearchParams();
  const siteUid = params.get('site_uid') ?? '';
  const queryClient = useQueryClient();
  const details = useQuery({ ...siteDetailsQueryOptions(siteUid), enabled: siteUid !== '' });
  const devices = useQuery({
    queryKey: [...adminKeys.all, 'site-devices', siteUid],
    queryFn: ({ signal }) =>
      apiCall(adminEndpoints.deviceList, { query: { site_uid: siteUid, limit: 50 }, signal }),
    enabled: siteUid !== '',
  });
  const free = useQuery(freeDevicesQueryOptions());
  const [bindComId, setBindComId] = useState<string | null>(null);
  const [editing, setEditing] = useState<SitePinConfig | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const onError = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) });
  const bind = useMutation({
    mutationFn: (comId: string) =>
      apiCall(adminEndpoints.deviceBind, { body: { com_id: comId, site_uid: siteUid } }),
    onSuccess: async ({ device }) => {
      setBindComId(null);
      await refresh();
      notifications.show({ color: 'teal', message: `${device.com_id} bound to the site` });
    },
    onError,
  });
  const unbind = useMutation({
    mutationFn: (comId: string) =>
      apiCall(adminEndpoints.deviceUnbind, { body: { com_id: comId, site_uid: siteUid } }),
    onSuccess: async ({ device, removed_configs }) => {
      await refresh();
      notifications.show({ message: `${device.com_id} unbound (${removed_configs} pin configs removed)` });
    },
    onError,
  });
  const savePin = useMutation({
    mutationFn: (draft: PinDraft) =>
      apiCall(adminEndpoints.saveConfig, {
        body: { ...draft, site_uid: siteUid } as EndpointBody<typeof adminEndpoints.saveConfig>,
      }),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
    },
  });
  const removePin = useMutation({
    mutationFn: (id: number) => apiCall(adminEndpoints.removeConfig, { body: { id } }),
    onSuccess: refresh,
    onError,
  });

  if (!siteUid) return <Alert color="yellow">Choose a site from Customer Sites to configure it.</Alert>;
  if (details.isPending) return <Loader />;
  if (details.error) return <Alert color="red">{errorMessage(details.error)}</Alert>;
  const site = details.data.siteInfo;
  const boundDevices = devices.data?.items ?? [];
  const comIds = boundDevices.map((d) => d.com_id);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Configure {site.name}</Title>
        <Group>
          <Button
            component={Link}
            to={`${ROUTES.customerSiteEdit}?site_uid=${encodeURIComponent(site.uid)}`}
            variant="default"
          >
            Edit site
          </Button>
          <Button component={Link} to={ROUTES.customerSites} variant="default">
            Customer Sites
          </Button>
        </Group>
      </Group>
      <Text c="dimmed">
        {site.uid} · {site.company} · tenants {site.tenants.map(tenantLabel).join(', ')}
      </Text>
      <Paper withBorder p="md">
        <Title order={3} mb="sm">
          Controllers
        </Title>
        <SortableTable
          caption="Controllers of the site"
          rows={boundDevices}
          rowKey={(d) => d.com_id}
          emptyText="No controller bound yet"
          columns={[
            { key: 'com', label: 'com_id', value: (d) => d.com_id },
            { key: 'vendor', label: 'Vendor', value: (d) => d.vendor_name },
            { key: 'model', label: 'Model', value: (d) => d.model },
            {
              key: 'online',
              label: 'State',
              value: (d) => (d.online ? 1 : 0),
              render: (d) => (
                <Badge color={d.online ? 'teal' : 'gray'}>{d.online ? 'Online' : 'Offline'}</Badge>
              ),
            },
            {
              key: 'unbind',
              label: '',
              value: () => null,
              render: (d) => (
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  aria-label={`Unbind ${d.com_id}`}
                  onClick={() => {
                    if (window.confirm(`Unbind ${d.com_id}? Its pin configs on this site are removed.`))
                      unbind.mutate(d.com_id);
                  }}
                >
                  Unbind
                </Button>
              ),
            },
          ]}
        />
        <Group mt="md" align="flex-end">
          <Select
            label="Bind a controller"
            placeholder="com_id of an unbound controller"
            data={(free.data?.items ?? []).map((d) => d.com_id)}
            value={bindComId}
            onChange={setBindComId}
            searchable
            w={320}
          />
          <Button
            disabled={!bindComId}
            loading={bind.isPending}
            onClick={() => bindComId && bind.mutate(bindComId)}
          >
            Bind
          </Button>
          <Button component={Link} to={ROUTES.deviceCreate} variant="subtle">
            Register a new controller
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={3}>Pin configuration</Title>
          <Button disabled={comIds.length === 0} onClick={() => setEditing('new')}>
            Add pin
          </Button>
        </Group>
        <SortableTable
          caption="Pin configs of the site"
          rows={details.data.pinConfigs}
          rowKey={(c) => String(c.id)}
          emptyText="No pin configured"
          columns={[
            { key: 'com', label: 'com_id', value: (c) => c.com_id },
            { key: 'pin', label: 'Pin', value: (c) => c.pin_name },
            { key: 'service', label: 'Service', value: serviceLabel },
            { key: 'tenant', label: 'Tenant', value: (c) => (c.tenant ? tenantLabel(c.tenant) : '—') },
            { key: 'label', label: 'Label', value: (c) => c.label },
            { key: 'value', label: 'Last value', value: (c) => c.status, align: 'right' },
            {
              key: 'actions',
              label: '',
              value: () => null,
              render: (c) => (
                <Group gap="xs">
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => setEditing(c)}
                    aria-label={`Edit pin ${c.pin_name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    aria-label={`Remove pin ${c.pin_name}`}
                    onClick={() => removePin.mutate(c.id)}
                  >
                    Remove
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      </Paper>
      {editing && (
        <PinEditor
          opened
          key={editing === 'new' ? 'new' : editing.id}
          config={editing === 'new' ? null : editing}
          devices={comIds}
          tenants={site.tenants}
          busy={savePin.isPending}
          error={savePin.error ? errorMessage(savePin.error) : null}
          onClose={() => {
            setEditing(null);
            savePin.reset();
          }}
          onSave={(draft) => savePin.mutate(draft)}
        />
      )}
    </Stack>
  );
}
