import { LIVE_EVENTS, liveMessage } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { buildCaller } from '../auth/caller.ts';
import type { UserRecord } from '../auth/user-record.ts';
import { canReceive, type SocketView, tailorMessage } from './visibility.ts';

function view(
  over: Partial<UserRecord>,
  siteUids: string[] = ['S1'],
  session: string | null = null,
): SocketView {
  const user = {
    uid: '500',
    username: 'u',
    name: 'U',
    type: 'company',
    tenants: [],
    rootUserUid: null,
    companyId: 'ktbl',
    companyCode: 'ktbl',
    accessRoles: ['rms', 'acs'],
    disabled: false,
    ...over,
  } as UserRecord;
  return {
    caller: buildCaller(user, 'sid', new Date(Date.now() + 3_600_000)),
    siteUids: new Set(siteUids),
    sessionSiteUid: session,
  };
}

const alarm = (id: string, tenant: string | null) => ({
  id,
  group: 'Power' as const,
  tenant,
  isNormal: false,
  isAvailable: true,
  isDisable: false,
  lastEvent: null,
  raisedAt: null,
  clearedAt: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  value: null,
});

describe('live visibility', () => {
  const status = {
    audience: { companyId: 'ktbl', siteUid: 'S1', tenant: null },
    message: liveMessage(LIVE_EVENTS.SITE_STATUS_UPDATED, {
      siteUid: 'S1',
      alarms: [alarm('mains_fail', 'robi'), alarm('mains_fail', 'banglalink'), alarm('door_status', null)],
      dcLoad: [
        { tenant: 'robi', value: 'NORMAL' as const },
        { tenant: 'banglalink', value: 'OVER' as const },
      ],
    }),
  };

  it('narrows a site status update to the allowed tenants', () => {
    const robiOnly = view({ type: 'read_only', tenants: ['robi'] });
    expect(canReceive(robiOnly, status)).toBe(true);
    const m = tailorMessage(robiOnly, status.message);
    expect(m.event === LIVE_EVENTS.SITE_STATUS_UPDATED && m.payload.alarms.map((a) => a.tenant)).toEqual([
      'robi',
      null,
    ]);
    expect(m.event === LIVE_EVENTS.SITE_STATUS_UPDATED && m.payload.dcLoad).toEqual([
      { tenant: 'robi', value: 'NORMAL' },
    ]);
    expect(tailorMessage(view({}), status.message)).toBe(status.message);
  });

  it('refuses sites outside the user’s set and pin updates without a session on the site', () => {
    expect(canReceive(view({}, ['S2']), status)).toBe(false);
    const pin = {
      audience: { companyId: 'ktbl', siteUid: 'S1', tenant: 'robi', focus: true },
      message: liveMessage(LIVE_EVENTS.DG_STATUS, {
        siteUid: 'S1',
        comId: 'C',
        pinName: 'di3',
        tenant: 'robi',
        time: '2025-01-01T00:00:00.000Z',
        status: 1,
      }),
    };
    expect(canReceive(view({}), pin)).toBe(false);
    expect(canReceive(view({}, ['S1'], 'S1'), pin)).toBe(true);
    expect(canReceive(view({ tenants: ['banglalink'] }, ['S1'], 'S1'), pin)).toBe(false);
  });

  it('sends user-addressed messages only to that user', () => {
    const env = {
      audience: { companyId: null, siteUid: null, tenant: null, userUid: '500' },
      message: liveMessage(LIVE_EVENTS.RMS_TICKET_UPDATE, { id: 1 }),
    };
    expect(canReceive(view({}), env)).toBe(true);
    expect(canReceive(view({ uid: '501' }), env)).toBe(false);
  });

  it('sends access records and sync states only to users with the acs role (docs/requirements.md#access-records)', () => {
    const record = {
      audience: { companyId: 'ktbl', siteUid: 'S1', tenant: null },
      message: liveMessage(LIVE_EVENTS.RMS_ACCESS_RECORD, {
        id: 1,
        siteUid: 'S1',
        comId: 'RMS1',
        kind: 'card' as const,
        cardNumber: 'A1',
        granted: true,
        reason: null,
        door: 'door1',
        cardId: null,
        holderName: null,
        unlockedBy: null,
        unlockedByName: null,
        time: new Date().toISOString(),
      }),
    };
    expect(canReceive(view({}), record)).toBe(true);
    expect(canReceive(view({ accessRoles: ['rms'] }), record)).toBe(false);
    expect(canReceive(view({}, ['S2']), record)).toBe(false);
  });
});
