import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints } from '@towerwatch/contract';
import { useState } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { adminKeys } from '../api/admin-api.ts';

/**
 * Creates a customer (company): its code, name and short label. Its root account is then created in
 * the user list (type company, this customer).
 */
export function CompanyModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [label, setLabel] = useState('');
  const save = useMutation({
    mutationFn: () =>
      apiCall(adminEndpoints.companySave, {
        body: { code: code.trim(), name: name.trim(), label: label.trim() },
      }),
    onSuccess: async ({ company }) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notifications.show({ color: 'teal', message: `Customer ${company.label} created` });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title="New customer">
      <Stack>
        {save.error && <Alert color="red">{errorMessage(save.error)}</Alert>}
        <TextInput
          label="Code"
          description="2–16 lower-case letters and digits"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.toLowerCase())}
          required
        />
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        <TextInput label="Label" value={label} onChange={(e) => setLabel(e.currentTarget.value)} required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!/^[a-z][a-z0-9]{1,15}$/.test(code) || !name.trim() || !label.trim()}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            Create customer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
