import { Alert, Button, Group, Loader, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type DeviceVendor } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { adminKeys, allCompaniesQueryOptions } from '../api/admin-api.ts';

const orNull = (s: string) => (s.trim() ? s.trim() : null);

function VendorForm({ vendor }: { vendor?: DeviceVendor }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const companies = useQuery(allCompaniesQueryOptions());
  const [name, setName] = useState(vendor?.name ?? '');
  const [address, setAddress] = useState(vendor?.address ?? '');
  const [logo, setLogo] = useState(vendor?.logo ?? '');
  const [companyId, setCompanyId] = useState<string | null>(vendor?.company_id ?? null);
  const save = useMutation({
    mutationFn: () =>
      apiCall(adminEndpoints.vendorSave, {
        body: {
          ...(vendor ? { uid: vendor.uid } : {}),
          name: name.trim(),
          address: orNull(address),
          logo: orNull(logo),
          company_id: companyId,
        },
      }),
    onSuccess: async ({ vendor: saved }) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notifications.show({ color: 'teal', message: `Vendor ${saved.name} saved` });
      navigate(ROUTES.deviceVendorList);
    },
  });
  return (
    <Paper withBorder p="md" maw={640}>
      <Stack>
        {save.error && <Alert color="red">{errorMessage(save.error)}</Alert>}
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        <TextInput label="Address" value={address} onChange={(e) => setAddress(e.currentTarget.value)} />
        <TextInput label="Logo URL" value={logo} onChange={(e) => setLogo(e.currentTarget.value)} />
        <Select
          label="Customer"
          description="Empty: the vendor serves every customer"
          data={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.label} — ${c.name}` }))}
          value={companyId}
          onChange={setCompanyId}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(ROUTES.deviceVendorList)}>
            Cancel
          </Button>
          <Button disabled={!name.trim()} loading={save.isPending} onClick={() => save.mutate()}>
            Save vendor
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /device-vendor/create. */
export function VendorCreatePage() {
  return (
    <Stack>
      <Title order={2}>New device vendor</Title>
      <VendorForm />
    </Stack>
  );
}

/** /device-vendor/edit?uid=. */
export function VendorEditPage() {
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const vendor = useQuery({
    queryKey: [...adminKeys.all, 'vendor', uid],
    queryFn: ({ signal }) => apiCall(adminEndpoints.vendorList, { query: { uid }, signal }),
    enabled: uid !== '',
  });
  if (!uid) return <Alert color="yellow">Choose a vendor from Device Vendors to edit it.</Alert>;
  if (vendor.isPending) return <Loader />;
  if (vendor.error) return <Alert color="red">{errorMessage(vendor.error)}</Alert>;
  const found = vendor.data.items[0];
  return (
    <Stack>
      <Title order={2}>Edit {found?.name}</Title>
      {found && <VendorForm key={found.uid} vendor={found} />}
    </Stack>
  );
}
