import { notifications } from '@mantine/notifications';
import { LIVE_EVENTS } from '@towerwatch/contract';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { advanceCommand, type CommandStatus, type TrackedCommand } from '../access-model.ts';
import { type AccessCommandKind, sendAccessCommand } from '../api/access-commands-api.ts';

type Update = { id: number; status: CommandStatus; message: string | null };

/**
 * Device commands of the open site and their progress: a command starts `pending` (the call's reply)
 * and moves with the COMMAND_STATUS messages of the socket (sent → acked or failed). A status that
 * arrives before the call's reply is kept and applied when the reply comes.
 */
export function useAccessCommands(siteUid: string, tenant: string | null) {
  const [commands, setCommands] = useState<Partial<Record<AccessCommandKind, TrackedCommand>>>({});
  const [busy, setBusy] = useState<AccessCommandKind | null>(null);
  const early = useRef(new Map<number, Update>());

  useLiveMessages((message) => {
    if (message.event !== LIVE_EVENTS.COMMAND_STATUS || message.payload.siteUid !== siteUid) return;
    const update: Update = {
      id: message.payload.id,
      status: message.payload.status,
      message: message.payload.message,
    };
    const known = Object.values(commands).some((c) => c?.id === update.id);
    if (!known) {
      early.current.set(update.id, update);
      if (early.current.size > 50) early.current.delete(early.current.keys().next().value as number);
      return;
    }
    setCommands((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(next) as AccessCommandKind[]) {
        const command = next[key];
        if (command) next[key] = advanceCommand(command, update);
      }
      return next;
    });
  });

  const run = async (kind: AccessCommandKind) => {
    setBusy(kind);
    try {
      const reply = await sendAccessCommand(kind, siteUid, tenant);
      let command: TrackedCommand = { id: reply.command_id, kind, status: reply.status, message: null };
      const before = early.current.get(reply.command_id);
      if (before) command = advanceCommand(command, before);
      setCommands((previous) => ({ ...previous, [kind]: command }));
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return { commands, busy, run };
}
