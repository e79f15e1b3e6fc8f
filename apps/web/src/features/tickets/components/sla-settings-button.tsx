import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClockCog } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type SlaSettingsReply, ticketEndpoints } from '@towerwatch/contract';
import { TICKET_SEVERITIES, type TicketSeverity } from '@towerwatch/domain';
import { useState } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ticketKeys } from '../api/ticket-keys.ts';

type Targets = SlaSettingsReply['targets'];

/**
 * The company's SLA targets per severity (docs/requirements.md#ticket-sla), in minutes: shown to the
 * company account and superusers, who may change them; tickets opened afterwards use the new ones.
 */
export function SlaSettingsButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconClockCog size={16} />} onClick={() => setOpened(true)}>
        SLA targets
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="SLA targets (minutes)" size="lg">
        {opened && <SlaSettingsForm onSaved={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function SlaSettingsForm({ onSaved }: { onSaved: () => void }) {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: [...ticketKeys.all, 'sla-settings'],
    queryFn: ({ signal }) => apiCall(ticketEndpoints.slaSettings, { query: {}, signal }),
  });
  const [draft, setDraft] = useState<Targets | null>(null);
  const [busy, setBusy] = useState(false);
  const targets = draft ?? current.data?.targets;
  if (current.isError) return <Alert color="red">{errorMessage(current.error)}</Alert>;
  if (!targets) return null;
  const set = (s: TicketSeverity, key: 'acknowledgeMinutes' | 'resolveMinutes', value: number | string) =>
    setDraft({ ...targets, [s]: { ...targets[s], [key]: Number(value) || 1 } });
  const save = async () => {
    setBusy(true);
    try {
      await apiCall(ticketEndpoints.slaSettingsSave, { body: { targets } });
      await queryClient.invalidateQueries({ queryKey: [...ticketKeys.all, 'sla-settings'] });
      notifications.show({ color: 'teal', message: 'SLA targets saved: new tickets use them.' });
      onSaved();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {current.data?.isDefault
          ? 'Your company uses the default targets.'
          : 'Your company has its own targets.'}{' '}
        The clocks stand still while a ticket is pending or held.
      </Text>
      <SimpleGrid cols={3}>
        <Text size="sm" fw={600}>
          Severity
        </Text>
        <Text size="sm" fw={600}>
          Acknowledge within
        </Text>
        <Text size="sm" fw={600}>
          Resolve within
        </Text>
        {TICKET_SEVERITIES.map((s) => (
          <SlaRow key={s} severity={s} targets={targets} onChange={set} />
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button loading={busy} onClick={() => void save()}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

function SlaRow({
  severity,
  targets,
  onChange,
}: {
  severity: TicketSeverity;
  targets: Targets;
  onChange: (s: TicketSeverity, key: 'acknowledgeMinutes' | 'resolveMinutes', value: number | string) => void;
}) {
  return (
    <>
      <Text size="sm" tt="capitalize">
        {severity}
      </Text>
      <NumberInput
        aria-label={`${severity} acknowledge minutes`}
        value={targets[severity].acknowledgeMinutes}
        onChange={(v) => onChange(severity, 'acknowledgeMinutes', v)}
        min={1}
        max={129600}
        allowDecimal={false}
      />
      <NumberInput
        aria-label={`${severity} resolve minutes`}
        value={targets[severity].resolveMinutes}
        onChange={(v) => onChange(severity, 'resolveMinutes', v)}
        min={1}
        max={129600}
        allowDecimal={false}
      />
    </>
  );
}
