/**
 * Issue 12 finding 8: a RECTIFIER_EVENT (an OEM rectifier/BMS record, which carries no tenant) follows
 * the REST rule for a tenant-less power alarm: it counts as the first operator tenant
 * (docs/requirements.md#tenant-rule), so a robi-only user does not receive it.
 */
import { LIVE_EVENTS, liveMessage } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { buildCaller } from '../auth/caller.ts';
import type { UserRecord } from '../auth/user-record.ts';
import { canReceive, type SocketView } from './visibility.ts';

function view(tenants: string[], type = 'company'): SocketView {
  const user = {
    uid: '500',
    username: 'u',
    name: 'U',
    type,
    tenants,
    rootUserUid: '100',
    companyId: 'ktbl',
    companyCode: 'ktbl',
    accessRoles: ['rms', 'acs'],
    disabled: false,
  } as UserRecord;
  return {
    caller: buildCaller(user, 'sid', new Date(Date.now() + 3_600_000)),
    siteUids: new Set(['S1']),
    sessionSiteUid: 'S1',
  };
}

const rectifierEvent = {
  audience: { companyId: 'ktbl', siteUid: 'S1', tenant: null, focus: true },
  message: liveMessage(LIVE_EVENTS.RECTIFIER_EVENT, {
    siteUid: 'S1',
    comId: 'RMS-1',
    kind: 'rectifier_alarm',
    time: new Date().toISOString(),
    data: { kind: 'rectifier_alarm', alarms: [{ code: 'AC_FAIL', name: 'AC Input Fail', active: true }] },
  }),
};

describe('RECTIFIER_EVENT visibility', () => {
  it('is not sent to a user without the first operator tenant (tenant read-only robi)', () => {
    expect(canReceive(view(['robi'], 'read_only'), rectifierEvent)).toBe(false);
    expect(canReceive(view(['robi']), rectifierEvent)).toBe(false);
  });

  it('is sent to users who may see the first operator tenant', () => {
    expect(canReceive(view([]), rectifierEvent)).toBe(true);
    expect(canReceive(view(['banglalink']), rectifierEvent)).toBe(true);
    expect(canReceive(view([], 'read_only'), rectifierEvent)).toBe(true);
  });
});
