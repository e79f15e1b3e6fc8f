/**
 * The audit log (docs/api.md "Audit log"): `record` appends one entry (secrets redacted) with the sites
 * it is about, `list` reads them for operators (all) and company admins (their company's, and of those
 * only entries about no site or about sites they all see; domain `auditReadScope`).
 */
import type { AuditListQuery } from '@towerwatch/contract';
import { type AuditAction, type AuditTargetType, auditReadScope, redactAuditValue } from '@towerwatch/domain';
import { type Caller, toDomainUser } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError } from '../../errors.ts';
import type { AuditRepository } from './audit.repository.ts';

/** Who acted: a signed-in user, or null (an anonymous sign-in attempt). */
export interface AuditActor {
  uid: string;
  username: string;
  companyId: string | null;
}

/** One entry to record. `companyId` defaults to the actor's company. */
export interface AuditEntry {
  action: AuditAction;
  actor: AuditActor | null;
  companyId?: string | null;
  target?: { type: AuditTargetType; id: string } | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  detail?: unknown;
  /**
   * The sites the action reached, when the entry does not name them itself (a master card, a group
   * attached to a site group). Readers limited to some tenants read only entries whose sites they all
   * see; the entry's site target, `site_uid` in before/after/detail and a site group's members are
   * added without being listed here.
   */
  sites?: readonly string[];
}

/** What other modules get: record only. */
export interface AuditRecorder {
  record(entry: AuditEntry): Promise<void>;
}

/** The actor of a signed-in caller. */
export function auditActor(caller: Caller): AuditActor {
  return { uid: caller.uid, username: caller.user.username, companyId: caller.companyId };
}

/** A top-level string field of a free-form value. */
function fieldOf(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** Every site uid the entry is about (see {@link AuditEntry.sites}), sorted, once each. */
export function sitesOfEntry(entry: AuditEntry): string[] {
  const found = new Set<string>(entry.sites ?? []);
  if (entry.target?.type === 'site') found.add(entry.target.id);
  for (const part of [entry.detail, entry.before, entry.after]) {
    const uid = fieldOf(part, 'site_uid');
    if (typeof uid === 'string') found.add(uid);
    const members = fieldOf(part, 'members');
    if (entry.target?.type === 'site_group' && Array.isArray(members)) {
      for (const m of members) if (typeof m === 'string') found.add(m);
    }
  }
  found.delete('');
  return [...found].sort();
}

export function createAuditService(deps: { repo: AuditRepository; clock: Clock }) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await deps.repo.insert({
        action: entry.action,
        actorUid: entry.actor?.uid ?? null,
        actorUsername: entry.actor?.username ?? null,
        companyId: entry.companyId !== undefined ? entry.companyId : (entry.actor?.companyId ?? null),
        targetType: entry.target?.type ?? null,
        targetId: entry.target?.id ?? null,
        before: redactAuditValue(entry.before ?? null),
        after: redactAuditValue(entry.after ?? null),
        ip: entry.ip ?? null,
        detail: redactAuditValue(entry.detail ?? null),
        siteUids: sitesOfEntry(entry),
        at: deps.clock.now(),
      });
    },

    /** GET /user/audit/list. */
    async list(caller: Caller, q: AuditListQuery) {
      const scope = auditReadScope(toDomainUser(caller.user));
      if (scope === null || (scope === 'company' && !caller.companyId)) {
        throw new ForbiddenError('The audit log is for operators and company admins');
      }
      return deps.repo.list({
        companyId: scope === 'company' ? (caller.companyId ?? undefined) : undefined,
        // A company reader: only entries whose sites it may all see (docs/requirements.md#allowed-tenants).
        siteReader: scope === 'company' ? caller : undefined,
        action: q.action,
        actor: q.actor,
        targetType: q.target_type,
        target: q.target,
        from: q.from ? new Date(q.from) : undefined,
        until: q.until ? new Date(q.until) : undefined,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
