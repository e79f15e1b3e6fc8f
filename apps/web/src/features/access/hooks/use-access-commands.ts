import { notifications } from '@mantine/notifications';
import { LIVE_EVENTS } from '@towerwatch/contract';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useLiveMessages } from '../../../lib/use-live-messages.ts';
import { applyToCommands, createCommandLog, type TrackedCommand } from '../access-model.ts';
import { type AccessCommandKind, sendAccessCommand } from '../api/access-commands-api.ts';

/**
 * Device commands of the open site and their progress: a command starts `pending` (the call's reply)
 * and moves with the COMMAND_STATUS messages of the socket (sent → acked or failed). Every update is
 * heard by the page's command log and applied in a state updater, so one that arrives before the
 * call's reply, or between the reply and the next render, is not lost (access-model.ts createCommandLog).
 */
export function useAccessCommands(siteUid: string, tenant: string | null) {
  const [commands, setCommands] = useState<Partial<Record<AccessCommandKind, TrackedCommand>>>({});
  const [busy, setBusy] = useState<AccessCommandKind | null>(null);
  const log = useRef(createCommandLog()).current;

  useLiveMessages((message) => {
    if (message.event !== LIVE_EVENTS.COMMAND_STATUS || message.payload.siteUid !== siteUid) return;
    const { id, status, message: text } = message.payload;
    const update = { id, status, message: text };
    log.heard(update);
    setCommands((previous) => applyToCommands(previous, update));
  });

  const run = async (kind: AccessCommandKind) => {
    setBusy(kind);
    try {
      const reply = await sendAccessCommand(kind, siteUid, tenant);
      const command = log.started({ id: reply.command_id, kind, status: reply.status, message: null });
      setCommands((previous) => ({ ...previous, [kind]: command }));
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return { commands, busy, run };
}
