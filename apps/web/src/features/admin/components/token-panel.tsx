import { Alert, Badge, Button, Code, CopyButton, Drawer, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type DeviceVendor } from '@towerwatch/contract';
import { defaultVendorTokenName } from '@towerwatch/domain';
import { useState } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { DISPLAY_TIME_ZONE, dayjs, formatDateTime } from '../../../lib/time.ts';
import { SortableTable } from '../../../ui/sortable-table.tsx';
import { adminKeys, tokensQueryOptions } from '../api/admin-api.ts';

/**
 * A vendor's API tokens (docs/requirements.md#vendor-tokens): generate (name, optional expiry; the
 * token is shown once), list (prefix, created, last used, expiry, counts), revoke at once.
 */
export function TokenPanel({ vendor, onClose }: { vendor: DeviceVendor; onClose: () => void }) {
  const queryClient = useQueryClient();
  const tokens = useQuery(tokensQueryOptions(vendor.uid));
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string | null>(null);
  const [issued, setIssued] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const generate = useMutation({
    mutationFn: () =>
      apiCall(adminEndpoints.generateToken, {
        body: {
          vendor_uid: vendor.uid,
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(expiry ? { expires_at: dayjs.tz(expiry, DISPLAY_TIME_ZONE).toISOString() } : {}),
        },
      }),
    onSuccess: async (reply) => {
      setIssued(reply.token);
      setName('');
      setExpiry(null);
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiCall(adminEndpoints.revokeToken, { body: { id } }),
    onSuccess: async ({ info }) => {
      await refresh();
      notifications.show({ message: `Token ${info.prefix} revoked` });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  return (
    <Drawer opened onClose={onClose} position="right" size="75%" title={`API tokens of ${vendor.name}`}>
      <Stack>
        <Text size="sm" c="dimmed">
          A token lets the vendor push its own controllers' data over HTTPS (POST /urms/ingest/messages with
          Authorization: Bearer &lt;token&gt;).
        </Text>
        {issued && (
          <Alert
            color="teal"
            title="New token: copy it now, it is not shown again"
            withCloseButton
            onClose={() => setIssued(null)}
          >
            <Group wrap="nowrap">
              <Code data-testid="vendor-token" style={{ wordBreak: 'break-all' }}>
                {issued}
              </Code>
              <CopyButton value={issued}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
        {generate.error && <Alert color="red">{errorMessage(generate.error)}</Alert>}
        <Group align="flex-end">
          <TextInput
            label="Token name"
            // Left empty, the server names it by the Dhaka date and time (the domain's rule).
            placeholder={defaultVendorTokenName(new Date())}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label="Expires, Dhaka time (optional)"
            type="datetime-local"
            value={expiry ?? ''}
            onChange={(e) => setExpiry(e.currentTarget.value || null)}
            w={220}
          />
          <Button loading={generate.isPending} onClick={() => generate.mutate()}>
            Generate token
          </Button>
        </Group>
        <SortableTable
          caption="API tokens"
          rows={tokens.data?.items ?? []}
          rowKey={(t) => t.id}
          emptyText="No token yet"
          columns={[
            { key: 'name', label: 'Name', value: (t) => t.name },
            {
              key: 'prefix',
              label: 'Prefix',
              value: (t) => t.prefix,
              render: (t) => <Code>{t.prefix}…</Code>,
            },
            {
              key: 'created',
              label: 'Created',
              value: (t) => t.created_at,
              render: (t) => formatDateTime(t.created_at),
            },
            {
              key: 'used',
              label: 'Last used',
              value: (t) => t.last_used_at,
              render: (t) => (t.last_used_at ? formatDateTime(t.last_used_at) : 'Never'),
            },
            {
              key: 'expires',
              label: 'Expires',
              value: (t) => t.expires_at,
              render: (t) => (t.expires_at ? formatDateTime(t.expires_at) : 'Never'),
            },
            { key: 'accepted', label: 'Accepted', value: (t) => t.accepted, align: 'right' },
            { key: 'rejected', label: 'Refused', value: (t) => t.rejected, align: 'right' },
            {
              key: 'state',
              label: 'State',
              value: (t) => (t.active ? 1 : 0),
              render: (t) =>
                t.active ? (
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    aria-label={`Revoke ${t.name}`}
                    onClick={() => revoke.mutate(t.id)}
                  >
                    Revoke
                  </Button>
                ) : (
                  <Badge color="gray">{t.revoked_at ? 'Revoked' : 'Expired'}</Badge>
                ),
            },
          ]}
        />
      </Stack>
    </Drawer>
  );
}
