/**
 * The audit log of security-relevant actions (docs/api.md "Audit log"): the action names, who may read
 * it, and what is never stored (secrets are redacted). Card and group changes of access control add
 * their actions to {@link AUDIT_ACTIONS}.
 */
import type { DomainUser } from './users.ts';
import { hasAccessRole, isOperator, isReadOnly } from './users.ts';

/** Actions the audit log records. */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_blocked',
  'auth.password_change',
  'auth.two_factor_enable',
  'auth.two_factor_disable',
  'user.create',
  'user.update',
  'user.delete',
  'device.command',
  'site.create',
  'site.update',
  'site.settings_save',
  // administration (docs/requirements.md#administration)
  'company.save',
  'device.save',
  'device.bind',
  'device.unbind',
  'pin_config.save',
  'pin_config.remove',
  'vendor.save',
  'vendor.delete',
  'vendor_token.create',
  'vendor_token.revoke',
  'access.card_add',
  'access.card_delete',
  'access.card_save',
  'access.master_remove',
  'access.clear_cards',
  'access.card_group_save',
  'access.card_group_delete',
  'access.site_group_save',
  'access.site_group_delete',
  'access.attach',
  'access.detach',
  // the alarm console's bulk acknowledge (docs/requirements.md#alarm-console)
  'alarm.acknowledge',
] as const;
/** An audit action. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'site',
  'device',
  'card',
  'card_group',
  'site_group',
  'vendor',
] as const;
/** An audit target type. */
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * Who reads which entries: operators (sudo, support) all; company admins — the company root, a
 * superuser, or a holder of `manage_users`, not read-only, with a company — their company's; others none.
 */
export function auditReadScope(
  user: Pick<DomainUser, 'type' | 'root_user_uid' | 'company_id' | 'meta'>,
): 'all' | 'company' | null {
  if (isOperator(user)) return 'all';
  if (isReadOnly(user) || user.company_id == null) return null;
  const isCompanyRoot = user.type === 'company' && user.root_user_uid == null;
  if (isCompanyRoot || user.type === 'superuser' || hasAccessRole(user, 'manage_users')) return 'company';
  return null;
}

/** Keys whose values never reach the audit log (matched case-insensitively, at any depth). */
export const AUDIT_REDACTED_KEYS = [
  'password',
  'password_hash',
  'passwordhash',
  'old_password',
  'new_password',
  'totp_secret',
  'totpsecret',
  'secret',
  'otp',
  'token',
  'access_token',
  'refresh_token',
] as const;

/** The placeholder stored instead of a secret. */
export const AUDIT_REDACTED = '[redacted]';

/** A copy of `value` with every secret-named key's value replaced by {@link AUDIT_REDACTED}. */
export function redactAuditValue(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactAuditValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const secret = (AUDIT_REDACTED_KEYS as readonly string[]).includes(key.toLowerCase());
    out[key] = secret ? AUDIT_REDACTED : redactAuditValue(v, depth + 1);
  }
  return out;
}
