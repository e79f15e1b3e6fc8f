/**
 * Device commands from the site pages: unlock, clear security breach, clear lock-open-fail and
 * digital control. Each is recorded as a `commands` row with status `pending` and announced on the
 * bus (`command.created`); the ingest path sends it to the device over MQTT and moves the status on.
 */
import type {
  CommandReply,
  DigitalControlBody,
  DigitalControlListReply,
  SiteCommandBody,
} from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import type { EventBus } from '../../bus/bus.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { assertNotReadOnly } from '../../kernel/http/guards.ts';
import { assertTenantsAllowed, requireSite } from '../../kernel/scope/site-scope.ts';
import { type AuditRecorder, auditActor } from '../audit/index.ts';
import type { CommandsRepository } from './commands.repository.ts';
import { DIGITAL_OUTPUTS, digitalControlsOf } from './digital-controls.ts';
import type { SiteRepository } from './site.repository.ts';

export interface SiteCommandsDeps {
  sites: SiteRepository;
  commands: CommandsRepository;
  clock: Clock;
  bus?: Pick<EventBus, 'publish'>;
  /** The audit log: every device command with its operator. */
  audit?: AuditRecorder;
}

type AccessCommand = 'unlock' | 'clear_security_breach' | 'clear_lock_open_fail';

/** The spec's action words for the read-only refusal toast (docs/requirements.md#restricted-actions). */
const ACTION_TEXT: Record<AccessCommand | 'digital_control', string> = {
  unlock: 'unlock the door',
  clear_security_breach: 'clear the security breach',
  clear_lock_open_fail: 'clear the lock open fail',
  digital_control: 'control digital outputs',
};

export function createSiteCommandsService(deps: SiteCommandsDeps) {
  async function record(
    caller: Caller,
    site: { uid: string; company_id: string },
    comId: string,
    command: string,
    params: object,
  ) {
    const siteUid = site.uid;
    const id = await deps.commands.insert({
      siteUid,
      comId,
      command,
      params: { ...params },
      requestedBy: caller.uid,
      at: deps.clock.now(),
    });
    deps.bus?.publish('command.created', { id });
    await deps.audit?.record({
      action: 'device.command',
      actor: auditActor(caller),
      companyId: site.company_id,
      target: { type: 'device', id: comId },
      detail: { command_id: id, command, site_uid: siteUid, params },
    });
    return { command_id: id, status: 'pending' as const };
  }

  async function deviceOf(siteUid: string, devices: string[], body: SiteCommandBody, command: AccessCommand) {
    if (body.com_id) {
      if (!devices.includes(body.com_id))
        throw new ValidationError('body.com_id', 'Device is not on this site');
      return body.com_id;
    }
    const preferred = await deps.commands.accessDevice(
      siteUid,
      command === 'clear_security_breach' ? 'door' : 'lock',
    );
    const comId = preferred ?? devices[0];
    if (!comId) throw new NotFoundError('The site has no device');
    return comId;
  }

  return {
    /** unlock / clear_security_breach / clear_lock_open_fail. */
    async access(caller: Caller, command: AccessCommand, body: SiteCommandBody): Promise<CommandReply> {
      assertNotReadOnly(caller, ACTION_TEXT[command]);
      assertTenantsAllowed(caller, body.tenant ? [body.tenant] : undefined);
      const site = await requireSite(deps.sites, caller, body.site_uid);
      const comId = await deviceOf(site.uid, site.devices ?? [], body, command);
      // Params follow the device contract (`commandMessage`): unlock releases for 10 s.
      const params = command === 'unlock' ? { duration_s: 10 } : {};
      return record(caller, site, comId, command, params);
    },

    async digitalControl(caller: Caller, body: DigitalControlBody): Promise<CommandReply> {
      assertNotReadOnly(caller, ACTION_TEXT.digital_control);
      const site = await requireSite(deps.sites, caller, body.site_uid);
      if (!(site.devices ?? []).includes(body.com_id)) {
        throw new ValidationError('body.com_id', 'Device is not on this site');
      }
      if (!DIGITAL_OUTPUTS.some((o) => o.pin === body.pin_name)) {
        throw new ValidationError('body.pin_name', 'Not a digital output of the device');
      }
      return record(caller, site, body.com_id, 'digital_control', {
        pin: body.pin_name,
        value: body.value,
      });
    },

    async listDigitalControls(caller: Caller, siteUid: string): Promise<DigitalControlListReply> {
      const site = await requireSite(deps.sites, caller, siteUid);
      return { siteUid, items: await digitalControlsOf(deps, site.uid, site.devices ?? []) };
    },
  };
}

export type SiteCommandsService = ReturnType<typeof createSiteCommandsService>;
