/**
 * A company's SLA targets per severity (docs/requirements.md#ticket-sla): read by every user of the
 * company, set by its company account, superusers and sudo; new tickets copy them when they open.
 */
import type { SlaSettingsBody, SlaSettingsReply } from '@towerwatch/contract';
import { TICKET_SEVERITIES } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { assertNotReadOnly } from '../../kernel/http/guards.ts';
import { slaOf } from './sla.ts';
import type { TicketsRepository } from './tickets.repository.ts';

export function createSlaSettingsService(deps: { repo: TicketsRepository; clock: Clock }) {
  /** The company the caller means: operators name one; others have their own. */
  async function companyOf(caller: Caller, field: string, requested: string | undefined): Promise<string> {
    if (caller.isOperator) {
      if (!requested) throw new ValidationError(field, `${field}: name the company`);
      const id = await deps.repo.companyId(requested);
      if (!id) throw new NotFoundError('Company not found');
      return id;
    }
    if (!caller.companyId) throw new NotFoundError('Company not found');
    if (requested && (await deps.repo.companyId(requested)) !== caller.companyId) {
      throw new NotFoundError('Company not found');
    }
    return caller.companyId;
  }

  async function read(companyId: string): Promise<SlaSettingsReply> {
    const own = await deps.repo.slaSettings(companyId);
    const targets = Object.fromEntries(TICKET_SEVERITIES.map((s) => [s, slaOf(own, s)]));
    return { companyId, targets: targets as SlaSettingsReply['targets'], isDefault: own === null };
  }

  return {
    async get(caller: Caller, company: string | undefined): Promise<SlaSettingsReply> {
      return read(await companyOf(caller, 'query.company', company));
    },

    async save(caller: Caller, body: SlaSettingsBody): Promise<SlaSettingsReply> {
      assertNotReadOnly(caller, 'change the SLA targets');
      const companyId = await companyOf(caller, 'body.company', body.company);
      for (const s of TICKET_SEVERITIES) {
        if (body.targets[s].resolveMinutes < body.targets[s].acknowledgeMinutes) {
          throw new ValidationError(
            `body.targets.${s}.resolveMinutes`,
            'The time to resolve cannot be shorter than the time to acknowledge',
          );
        }
      }
      await deps.repo.saveSlaSettings(companyId, body.targets, deps.clock.now());
      return read(companyId);
    },
  };
}

export type SlaSettingsService = ReturnType<typeof createSlaSettingsService>;
