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
export function advanceCommand(
  command: TrackedCommand,
  update: { id: number; status: CommandStatus; message: string | null },
): TrackedCommand {
  if (update.id !== command.id) return command;
  if (COMMAND_ORDER[update.status] <= COMMAND_ORDER[command.status] && update.status !== command.status)
    return command;
  if (COMMAND_ORDER[command.status] === 2) return command;
  return { ...command, status: update.status, message: update.message };
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
