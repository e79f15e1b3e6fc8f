import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type DeviceSaveReply } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import {
  adminKeys,
  allCompaniesQueryOptions,
  freeDevicesQueryOptions,
  vendorsQueryOptions,
} from '../api/admin-api.ts';

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/**
 * /device/create: registers an RMS controller; the reply carries its MQTT secret, shown here once
 * (only a hash is stored).
 */
export function DeviceCreatePage() {
  const queryClient = useQueryClient();
  const free = useQuery(freeDevicesQueryOptions());
  const vendors = useQuery(vendorsQueryOptions(null, ''));
  const companies = useQuery(allCompaniesQueryOptions());
  const [comId, setComId] = useState('');
  const [vendor, setVendor] = useState<string | null>(null);
  const [company, setCompany] = useState<string | null>(null);
  const [model, setModel] = useState('');
  const [firmware, setFirmware] = useState('');
  const [created, setCreated] = useState<DeviceSaveReply | null>(null);
  const save = useMutation({
    mutationFn: () =>
      apiCall(adminEndpoints.deviceSave, {
        body: {
          ...(comId.trim() ? { com_id: comId.trim() } : {}),
          vendor,
          company_id: company,
          model: orNull(model),
          firmware: orNull(firmware),
        },
      }),
    onSuccess: async (reply) => {
      setCreated(reply);
      setComId('');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>New device</Title>
        <Button component={Link} to={ROUTES.deviceList} variant="default">
          Device List
        </Button>
      </Group>
      {created && (
        <Alert
          color={created.secret ? 'teal' : 'blue'}
          title={`Controller ${created.device.com_id} ${created.created ? 'registered' : 'updated'}`}
        >
          {created.secret ? (
            <Stack gap="xs">
              <Text size="sm">
                Its MQTT username is the com_id; its password is shown only now. Copy it into the controller:
              </Text>
              <Group>
                <Code data-testid="device-secret">{created.secret}</Code>
                <CopyButton value={created.secret}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" onClick={copy}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          ) : (
            <Text size="sm">Its secret is unchanged.</Text>
          )}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stack>
          {save.error && <Alert color="red">{errorMessage(save.error)}</Alert>}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label="com_id"
              description={`Leave empty for a free one (e.g. ${free.data?.next_com_id ?? 'RMS-…'})`}
              value={comId}
              onChange={(e) => setComId(e.currentTarget.value)}
            />
            <Select
              label="Device vendor"
              data={(vendors.data?.items ?? []).map((v) => ({ value: v.uid, label: v.name }))}
              value={vendor}
              onChange={setVendor}
              clearable
            />
            <Select
              label="Customer"
              description="Optional: the customer it is stocked for"
              data={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.label }))}
              value={company}
              onChange={setCompany}
              clearable
            />
            <TextInput label="Model" value={model} onChange={(e) => setModel(e.currentTarget.value)} />
            <TextInput
              label="Firmware"
              value={firmware}
              onChange={(e) => setFirmware(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              Register controller
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
