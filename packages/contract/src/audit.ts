/** The audit log (docs/api.md "Audit log"): its list query and entries. */
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@towerwatch/domain';
import { z } from 'zod';

const filterText = z.string().trim().min(1).max(100);

/** GET /user/audit/list: filters, paged newest first. */
export const auditListQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** uid of the user who acted */
  actor: filterText.optional(),
  target_type: z.enum(AUDIT_TARGET_TYPES).optional(),
  /** id of the user, site or device acted on */
  target: filterText.optional(),
  /** entries at or after this instant (ISO 8601) */
  from: z.iso.datetime({ offset: true }).optional(),
  /** entries before this instant (ISO 8601) */
  until: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** One audit entry; `before`/`after` are the target's state around the change, secrets redacted. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor_uid: z.string().nullable(),
  actor_username: z.string().nullable(),
  company_id: z.string().nullable(),
  target_type: z.enum(AUDIT_TARGET_TYPES).nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  detail: z.unknown().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditListReply = z.object({ total: z.number().int(), items: z.array(auditEntry) });
export type AuditListReply = z.infer<typeof auditListReply>;
