import { Button, Group, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type DeviceVendor } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { SortableTable } from '../../../ui/sortable-table.tsx';
import { adminKeys, allCompaniesQueryOptions, vendorsQueryOptions } from '../api/admin-api.ts';
import { TokenPanel } from '../components/token-panel.tsx';

/** /device-vendor/list: vendors filtered by company and searched by name; edit, delete, API tokens. */
export function VendorListPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [tokensOf, setTokensOf] = useState<DeviceVendor | null>(null);
  const companies = useQuery(allCompaniesQueryOptions());
  const vendors = useQuery(vendorsQueryOptions(companyId, debounced));
  const label = (id: string | null) =>
    id ? (companies.data?.items.find((c) => c.id === id)?.label ?? id) : 'Every customer';
  const remove = useMutation({
    mutationFn: (uid: string) => apiCall(adminEndpoints.vendorDelete, { params: { id: uid } }),
    onSuccess: async ({ uid }) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notifications.show({ message: `Vendor ${uid} deleted` });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Device Vendors</Title>
        <Button component={Link} to={ROUTES.deviceVendorCreate}>
          New vendor
        </Button>
      </Group>
      <Paper withBorder p="md">
        <Group mb="sm">
          <TextInput
            aria-label="Search vendors"
            placeholder="Search by name"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Select
            aria-label="Filter by customer"
            placeholder="Every customer"
            data={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.label }))}
            value={companyId}
            onChange={setCompanyId}
            clearable
          />
          <Text size="sm" c="dimmed">
            {vendors.data ? `${vendors.data.total} vendors` : ''}
          </Text>
        </Group>
        {vendors.isPending ? (
          <Loader />
        ) : (
          <SortableTable
            caption="Device vendors"
            rows={vendors.data?.items ?? []}
            rowKey={(v) => v.uid}
            columns={[
              {
                key: 'name',
                label: 'Name',
                value: (v) => v.name,
                render: (v) => <Text fw={500}>{v.name}</Text>,
              },
              { key: 'address', label: 'Address', value: (v) => v.address },
              { key: 'company', label: 'Customer', value: (v) => label(v.company_id) },
              { key: 'devices', label: 'Devices', value: (v) => v.devices, align: 'right' },
              { key: 'tokens', label: 'Active tokens', value: (v) => v.active_tokens, align: 'right' },
              {
                key: 'actions',
                label: '',
                value: () => null,
                render: (v) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-xs"
                      onClick={() => setTokensOf(v)}
                      aria-label={`API tokens of ${v.name}`}
                    >
                      API tokens
                    </Button>
                    <Button
                      component={Link}
                      to={`${ROUTES.deviceVendorEdit}?uid=${encodeURIComponent(v.uid)}`}
                      size="compact-xs"
                      variant="default"
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="light"
                      aria-label={`Delete ${v.name}`}
                      onClick={() => {
                        if (window.confirm(`Delete ${v.name}? Its tokens stop working at once.`))
                          remove.mutate(v.uid);
                      }}
                    >
                      Delete
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Paper>
      {tokensOf && <TokenPanel vendor={tokensOf} onClose={() => setTokensOf(null)} />}
    </Stack>
  );
}
