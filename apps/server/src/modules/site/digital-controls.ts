/**
 * Digital outputs of a site's RMS devices (docs/device-protocol.md "Reference pin layout": do1 door
 * lock release, do2 DG remote start, do3 spare) with their last reported state.
 */
import type { DigitalControl } from '@towerwatch/contract';
import type { CommandsRepository } from './commands.repository.ts';

/** The outputs offered for remote switching, with labels. */
export const DIGITAL_OUTPUTS = [
  { pin: 'do1', label: 'Door Lock Release' },
  { pin: 'do2', label: 'DG Remote Start' },
  { pin: 'do3', label: 'Spare Output' },
] as const;

export interface DigitalControlsDeps {
  commands: CommandsRepository;
}

export async function digitalControlsOf(
  deps: DigitalControlsDeps,
  siteUid: string,
  comIds: readonly string[],
): Promise<DigitalControl[]> {
  const labels = new Map<string, string>(DIGITAL_OUTPUTS.map((o) => [o.pin, o.label]));
  const rows = await deps.commands.outputs(
    siteUid,
    [...comIds],
    DIGITAL_OUTPUTS.map((o) => o.pin),
  );
  return rows.map((r) => ({
    com_id: r.com_id,
    pin_name: r.pin_name,
    label: labels.get(r.pin_name) ?? null,
    tenant: null,
    status: r.value,
    pending: r.pending,
  }));
}
