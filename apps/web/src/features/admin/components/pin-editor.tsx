import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { SitePinConfig } from '@towerwatch/contract';
import { PIN_SERVICE_OPTIONS, pinConfigProblem, tenantLabel } from '@towerwatch/domain';
import { useState } from 'react';
import { optionOf, optionValue, valueOfConfig } from '../admin-model.ts';

/** What the pin editor saves. */
export interface PinDraft {
  id?: number;
  com_id: string;
  pin_name: string;
  type: string;
  priority: string | null;
  tenant: string | null;
  label: string | null;
}

/**
 * Adds or edits one pin config with the rules (docs/requirements.md#pin-config-rules): the service
 * options in the spec's order, door/lock as access priorities, a tenant required on the tenant-required
 * services (the field is marked), only the site's tenants.
 */
export function PinEditor(props: {
  opened: boolean;
  config: SitePinConfig | null;
  devices: string[];
  tenants: string[];
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (draft: PinDraft) => void;
}) {
  const c = props.config;
  const [comId, setComId] = useState<string | null>(c?.com_id ?? props.devices[0] ?? null);
  const [pinName, setPinName] = useState(c?.pin_name ?? '');
  const [service, setService] = useState<string | null>(c ? valueOfConfig(c) : null);
  const [tenant, setTenant] = useState<string | null>(c?.tenant ?? null);
  const [label, setLabel] = useState(c?.label ?? '');
  const option = optionOf(service);
  const problem = option
    ? pinConfigProblem({ type: option.type, priority: option.priority ?? null, tenant }, props.tenants)
    : null;
  const ready = comId && /^[a-z][a-z0-9_]{0,15}$/.test(pinName) && option && !problem;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={c ? `Edit pin ${c.pin_name}` : 'Add pin config'}
    >
      <Stack>
        {props.error && <Alert color="red">{props.error}</Alert>}
        <Select label="Device (com_id)" data={props.devices} value={comId} onChange={setComId} required />
        <TextInput
          label="Pin"
          description="am1…am16, di1…di16, do1…do8"
          value={pinName}
          onChange={(e) => setPinName(e.currentTarget.value.trim())}
          required
        />
        <Select
          label="Service"
          data={PIN_SERVICE_OPTIONS.map((o) => ({ value: optionValue(o), label: o.label }))}
          value={service}
          onChange={setService}
          searchable
          required
        />
        <Select
          label="Tenant"
          data={props.tenants.map((t) => ({ value: t, label: tenantLabel(t) }))}
          value={tenant}
          onChange={setTenant}
          clearable
          withAsterisk={problem?.field === 'tenant' || Boolean(option && problem === null && tenant)}
          error={problem?.field === 'tenant' ? true : undefined}
        />
        <TextInput
          label="Label"
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          placeholder={option?.label}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            disabled={!ready}
            loading={props.busy}
            onClick={() =>
              option &&
              comId &&
              props.onSave({
                ...(c ? { id: c.id } : {}),
                com_id: comId,
                pin_name: pinName,
                type: option.type,
                priority: option.priority ?? null,
                tenant,
                label: label.trim() || null,
              })
            }
          >
            Save pin
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
