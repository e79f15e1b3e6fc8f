import { describe, expect, it } from 'vitest';
import { AUDIT_REDACTED, auditReadScope, redactAuditValue } from './audit.ts';

describe('auditReadScope', () => {
  it('operators read all, company admins their company, others nothing', () => {
    expect(auditReadScope({ type: 'sudo' })).toBe('all');
    expect(auditReadScope({ type: 'support' })).toBe('all');
    expect(auditReadScope({ type: 'company', company_id: 'ktbl', root_user_uid: null })).toBe('company');
    expect(auditReadScope({ type: 'superuser', company_id: 'ktbl', root_user_uid: '100' })).toBe('company');
    const manager = { type: 'employee', company_id: 'ktbl', root_user_uid: '100' } as const;
    expect(auditReadScope({ ...manager, meta: { accessRoles: ['manage_users'] } })).toBe('company');
    expect(auditReadScope({ ...manager, meta: { accessRoles: ['rms'] } })).toBeNull();
    expect(auditReadScope({ type: 'read_only', company_id: 'ktbl', root_user_uid: '100' })).toBeNull();
    expect(auditReadScope({ type: 'superuser', company_id: null, root_user_uid: '1' })).toBeNull();
    expect(auditReadScope({ type: 'finance', company_id: null })).toBeNull();
  });
});

describe('redactAuditValue', () => {
  it('replaces secrets at any depth and keeps the rest', () => {
    expect(
      redactAuditValue({
        name: 'a',
        password: 'x',
        nested: [{ totpSecret: 's', refresh_token: 't', ok: 1 }],
      }),
    ).toEqual({
      name: 'a',
      password: AUDIT_REDACTED,
      nested: [{ totpSecret: AUDIT_REDACTED, refresh_token: AUDIT_REDACTED, ok: 1 }],
    });
    expect(redactAuditValue(null)).toBeNull();
    expect(redactAuditValue('plain')).toBe('plain');
  });
});
