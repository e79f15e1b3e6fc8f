import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLock, IconLockOpen, IconX } from '@tabler/icons-react';
import type { AuthUser } from '@towerwatch/contract';
import { useState } from 'react';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';
import { type AccessFlags, type AccessState, commandSteps, type TrackedCommand } from '../access-model.ts';
import type { AccessCommandKind } from '../api/access-commands-api.ts';

/** The spec's action words of the read-only toast for each command. */
const ACTION_WORDS: Record<AccessCommandKind, string> = {
  unlock: 'unlock the door',
  clear_security_breach: 'clear the security breach',
  clear_lock_open_fail: 'clear the lock open fail',
};

const COMMAND_LABELS: Record<AccessCommandKind, string> = {
  unlock: 'Unlock',
  clear_security_breach: 'Clear security breach',
  clear_lock_open_fail: 'Clear lock open fail',
};

interface Props {
  user: AuthUser;
  siteName: string;
  states: AccessState[];
  flags: AccessFlags;
  commands: Partial<Record<AccessCommandKind, TrackedCommand>>;
  busy: AccessCommandKind | null;
  run: (kind: AccessCommandKind) => Promise<void>;
}

/** Door and lock state, live, with the unlock (confirmed) and clear commands and their progress. */
export function DoorLockPanel({ user, siteName, states, flags, commands, busy, run }: Props) {
  const [confirming, setConfirming] = useState(false);
  const start = (kind: AccessCommandKind) => {
    if (!allowRestrictedAction(user, ACTION_WORDS[kind])) return;
    if (kind === 'unlock') setConfirming(true);
    else void run(kind);
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="xs">
        Door and lock
      </Title>
      <Group gap="md" mb="sm" aria-label="Door and lock state">
        {states.map((state) => (
          <Group key={state.label} gap={6}>
            {state.open ? <IconLockOpen size={18} /> : <IconLock size={18} />}
            <Text size="sm" fw={600}>
              {state.label}
            </Text>
            <Badge
              variant="light"
              color={state.open === null ? 'gray' : state.open ? 'orange' : 'teal'}
              data-testid={`${state.label.toLowerCase()}-state`}
            >
              {state.text}
            </Badge>
          </Group>
        ))}
      </Group>
      {(flags.securityBreach || flags.lockOpenFail || flags.lockCloseFail) && (
        <Group gap="xs" mb="sm">
          {flags.securityBreach && (
            <Badge color="red" leftSection={<IconAlertTriangle size={12} />}>
              Security breach
            </Badge>
          )}
          {flags.lockOpenFail && <Badge color="red">Lock open fail</Badge>}
          {flags.lockCloseFail && <Badge color="orange">Lock close fail</Badge>}
        </Group>
      )}
      <Group gap="xs">
        <Button
          leftSection={<IconLockOpen size={16} />}
          loading={busy === 'unlock'}
          onClick={() => start('unlock')}
        >
          Unlock
        </Button>
        <Button
          variant="light"
          color="red"
          disabled={!flags.securityBreach}
          loading={busy === 'clear_security_breach'}
          onClick={() => start('clear_security_breach')}
        >
          Clear security breach
        </Button>
        <Button
          variant="light"
          color="orange"
          disabled={!flags.lockOpenFail}
          loading={busy === 'clear_lock_open_fail'}
          onClick={() => start('clear_lock_open_fail')}
        >
          Clear lock open fail
        </Button>
      </Group>
      <Stack gap={4} mt="sm">
        {(Object.keys(commands) as AccessCommandKind[]).map((kind) => {
          const command = commands[kind];
          return command ? (
            <CommandProgress key={kind} label={COMMAND_LABELS[kind]} command={command} />
          ) : null;
        })}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Unlock the door?" centered>
        <Text size="sm" mb="md">
          The lock of {siteName} opens now. Your name is recorded on the access record.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setConfirming(false);
              void run('unlock');
            }}
          >
            Unlock now
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}

/** One command's progress: Pending → Sent → Acked / Failed. */
function CommandProgress({ label, command }: { label: string; command: TrackedCommand }) {
  return (
    <Group
      gap={6}
      aria-label={`${label} progress`}
      data-status={command.status}
      data-testid="command-progress"
    >
      <Text size="xs" fw={600} w={150}>
        {label}
      </Text>
      {commandSteps(command.status).map((step) => (
        <Badge
          key={step.label}
          size="sm"
          variant={step.reached ? 'filled' : 'outline'}
          color={step.failed ? 'red' : step.reached ? 'teal' : 'gray'}
          leftSection={step.failed ? <IconX size={10} /> : step.reached ? <IconCheck size={10} /> : null}
        >
          {step.label}
        </Badge>
      ))}
      {command.message && (
        <Text size="xs" c="dimmed">
          {command.message}
        </Text>
      )}
    </Group>
  );
}
