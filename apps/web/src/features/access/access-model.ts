/**
 * Pure logic of the site's Access page (docs/requirements.md#access-control): door and lock state from the
 * site's alarms and access pins, the progress of a device command, and the access-list sync state.
 */
import { alarmValueDisplay } from '@towerwatch/domain';

/** The least of a site alarm this page reads. */
export interface AccessAlarm {
  id: string;
  isAvailable: boolean;
  isNormal: boolean;
  tenant?: string | null;
}

/** The least of a pin config this page reads. */
export interface AccessPin {
  type: string;
  priority?: string | null;
  status?: number | null;
}

/** One line of the door and lock panel. */
export interface AccessState {
  label: 'Door' | 'Lock';
  /** 'Open' / 'Closed' (or '-' when unknown). */
  text: string;
  /** True when open, false when closed, null when unknown. */
  open: boolean | null;
}

/** Abnormal access alarms the operator can clear or must see. */
export interface AccessFlags {
  securityBreach: boolean;
  lockOpenFail: boolean;
  lockCloseFail: boolean;
}

const raised = (alarms: readonly AccessAlarm[], id: string) =>
  alarms.some((a) => a.id === id && a.isAvailable && !a.isNormal);

/**
 * Door and lock: the alarm (`door_status`, `lock_status`: raised means open) is the interpreted state;
 * without one, the access pin of that priority (status 1 closed, 0 open; access pins start at 1).
 */
export function doorAndLock(alarms: readonly AccessAlarm[], pins: readonly AccessPin[]): AccessState[] {
  const one = (label: AccessState['label'], alarmId: string, priority: string): AccessState => {
    const alarm = alarms.find((a) => a.id === alarmId && a.isAvailable);
    const pin = pins.find((p) => p.type === 'access_control' && p.priority === priority);
    const open = alarm
      ? !alarm.isNormal
      : pin && (pin.status === 0 || pin.status === 1)
        ? pin.status === 0
        : null;
    return { label, open, text: alarmValueDisplay(alarmId, open === null ? null : open ? 1 : 0) };
  };
  return [one('Door', 'door_status', 'door'), one('Lock', 'lock_status', 'lock')];
}

/** The access alarms that call for an action. */
export function accessFlags(alarms: readonly AccessAlarm[]): AccessFlags {
  return {
    securityBreach: raised(alarms, 'security_breach'),
    lockOpenFail: raised(alarms, 'lock_open_fail'),
    lockCloseFail: raised(alarms, 'lock_close_fail'),
  };
}

/** Status of a device command. */
export type CommandStatus = 'pending' | 'sent' | 'acked' | 'failed';

const COMMAND_ORDER: Record<CommandStatus, number> = { pending: 0, sent: 1, acked: 2, failed: 2 };

/** A command the page started and follows. */
export interface TrackedCommand {
  id: number;
  kind: string;
  status: CommandStatus;
  message: string | null;
}

/**
 * Applies a COMMAND_STATUS update: the status only moves forward (pending → sent → acked or failed);
 * a late `sent` after `acked` is ignored, and a finished command stays finished.
 */
export function advanceCommand(command: TrackedCommand, update: CommandUpdate): TrackedCommand {
  if (update.id !== command.id) return command;
  if (COMMAND_ORDER[update.status] <= COMMAND_ORDER[command.status] && update.status !== command.status)
    return command;
  if (COMMAND_ORDER[command.status] === 2) return command;
  return { ...command, status: update.status, message: update.message };
}

/** A status update of a command (the COMMAND_STATUS live message). */
export interface CommandUpdate {
  id: number;
  status: CommandStatus;
  message: string | null;
}

/** How many commands' updates a page remembers for replies still to come. */
const REMEMBERED_COMMANDS = 50;

/**
 * What the page has heard of recent commands: the furthest update of each (the last
 * {@link REMEMBERED_COMMANDS}), so a call's reply that comes after its command's updates starts from
 * them. The socket handler records every update here and applies it in a state updater
 * ({@link applyToCommands}); it never asks the rendered state whether a command is one of the page's:
 * that answer is stale between a reply and the next render, and an `acked` arriving then was lost
 * (the unlock stayed at Sent).
 */
export function createCommandLog() {
  const seen = new Map<number, CommandUpdate>();
  return {
    heard(update: CommandUpdate): void {
      const before = seen.get(update.id);
      if (before && COMMAND_ORDER[before.status] >= COMMAND_ORDER[update.status]) return;
      seen.delete(update.id);
      seen.set(update.id, update);
      if (seen.size > REMEMBERED_COMMANDS) seen.delete(seen.keys().next().value as number);
    },
    /** The command of a call's reply, moved on by what was heard of it before the reply. */
    started(command: TrackedCommand): TrackedCommand {
      const before = seen.get(command.id);
      return before ? advanceCommand(command, before) : command;
    },
  };
}

/** Applies an update to the page's commands; the same object when it concerns none of them. */
export function applyToCommands<C extends Partial<Record<string, TrackedCommand>>>(
  commands: C,
  update: CommandUpdate,
): C {
  let next: C | null = null;
  for (const [key, command] of Object.entries(commands)) {
    if (!command) continue;
    const moved = advanceCommand(command, update);
    if (moved === command) continue;
    next ??= { ...commands };
    (next as Record<string, TrackedCommand>)[key] = moved;
  }
  return next ?? commands;
}

/** True once the command has an outcome. */
export const isCommandDone = (status: CommandStatus) => status === 'acked' || status === 'failed';

/** The steps shown for a command and which are reached. */
export function commandSteps(status: CommandStatus): { label: string; reached: boolean; failed: boolean }[] {
  return [
    { label: 'Pending', reached: true, failed: false },
    { label: 'Sent', reached: COMMAND_ORDER[status] >= 1, failed: false },
    {
      label: status === 'failed' ? 'Failed' : 'Acked',
      reached: isCommandDone(status),
      failed: status === 'failed',
    },
  ];
}

/** Sync state of a site's access list on its device. */
export type SyncState = 'pending' | 'applied' | 'failed';

/** Label, colour and explanation of a sync state. */
export function syncStateView(state: SyncState | null | undefined): {
  label: string;
  color: string;
  hint: string;
} {
  switch (state) {
    case 'applied':
      return { label: 'Applied', color: 'teal', hint: 'The device enforces the current access list.' };
    case 'failed':
      return {
        label: 'Sync failed',
        color: 'red',
        hint: 'The device did not apply the current access list; it still enforces the previous one.',
      };
    case 'pending':
      return {
        label: 'Sync pending',
        color: 'yellow',
        hint: 'The device has not yet acknowledged the current access list: removed cards may still open the door.',
      };
    default:
      return { label: 'No list sent', color: 'gray', hint: 'No access list has been sent to this site yet.' };
  }
}
