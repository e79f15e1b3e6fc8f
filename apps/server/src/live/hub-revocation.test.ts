import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { buildCaller, type Caller } from '../auth/caller.ts';
import type { UserRecord } from '../auth/user-record.ts';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { createManualClock } from '../clock.ts';
import { createLiveHub, type HubSocket, type LiveHubDeps } from './live-hub.ts';

class FakeSocket extends EventEmitter implements HubSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: { event: string; payload: unknown }[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  send(data: string | Buffer) {
    this.sent.push(JSON.parse(String(data)));
  }
  close(code?: number, reason?: string) {
    if (this.readyState === 3) return;
    this.closedWith = { code, reason };
    this.readyState = 3;
    this.emit('close');
  }
  receive(message: object) {
    this.emit('message', Buffer.from(JSON.stringify(message)));
  }
}

const record = (uid: string, tenants: string[]) =>
  ({
    uid,
    type: 'read_only',
    tenants,
    rootUserUid: '100',
    companyId: 'ktbl',
    companyCode: 'ktbl',
    accessRoles: ['rms'],
  }) as unknown as UserRecord;

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/** A hub whose token `uid:sid` signs in user `uid` on session `sid`. */
function setup(overrides: Partial<LiveHubDeps> = {}) {
  const bus = createInProcessBus();
  const clock = createManualClock();
  const expiresAt = new Date(clock.now().getTime() + 3_600_000);
  const hub = createLiveHub({
    bus,
    clock,
    log: quiet,
    authenticate: async (token) => {
      const [uid = '', sid = ''] = token.split(':');
      return { ok: true, caller: buildCaller(record(uid, ['robi']), sid, expiresAt), expiresAt };
    },
    siteUidsOf: async (caller: Caller) => (caller.allowedTenants.includes('robi') ? ['R', 'G'] : ['G']),
    ...overrides,
  });
  const open = async (token: string) => {
    const s = new FakeSocket();
    hub.attach(s);
    s.receive({ action: 'LOGIN', token });
    await tick(10);
    return s;
  };
  return { bus, hub, open };
}

describe('live hub revocation', () => {
  it('closes only the sockets of the ended session, or of every session but one', async () => {
    const { bus, hub, open } = setup();
    const a1 = await open('7:s1');
    const a2 = await open('7:s2');
    const a3 = await open('7:s3');
    const other = await open('8:s9');
    bus.publish('auth.session-ended', { userUid: '7', sessionId: 's1' });
    // A session id of another user does not close its sockets.
    bus.publish('auth.session-ended', { userUid: '7', sessionId: 's9' });
    await tick(5);
    expect(a1.closedWith).toEqual({ code: 4001, reason: 'session ended' });
    expect([a2.closedWith, a3.closedWith, other.closedWith]).toEqual([null, null, null]);
    bus.publish('auth.session-ended', { userUid: '7', exceptSessionId: 's3' });
    await tick(5);
    expect(a2.closedWith).toEqual({ code: 4001, reason: 'session ended' });
    expect(a3.closedWith).toBeNull();
    bus.publish('user.disabled', { userUid: '7' });
    await tick(5);
    expect(a3.closedWith).toEqual({ code: 4003, reason: 'user disabled' });
    expect(other.closedWith).toBeNull();
    expect(hub.size()).toBe(1);
    await hub.close();
  });

  it('moves a socket to its rebuilt rights: new scope, focus left when the site is gone', async () => {
    let tenants = ['robi'];
    const recheck = vi.fn(async (caller: Caller) => ({
      ok: true as const,
      caller: buildCaller(record(caller.uid, tenants), caller.sessionId, caller.tokenExpiresAt),
    }));
    const { bus, hub, open } = setup({ recheck });
    const s = await open('7:s1');
    s.receive({ action: 'SESSION_START', site_uid: 'R' });
    await tick(5);
    expect(s.sent.map((m) => m.event)).toContain('SESSION_STARTED');
    tenants = ['grameenphone'];
    bus.publish('user.rights-changed', { userUid: '7' });
    bus.publish('user.rights-changed', { userUid: '8' });
    await tick(10);
    expect(recheck).toHaveBeenCalledTimes(1);
    const pin = (siteUid: string) =>
      bus.publish('live', {
        audience: { companyId: 'ktbl', siteUid, tenant: null, focus: true },
        message: {
          event: 'SITE_TEMPERATURE_HUMIDITY',
          payload: { siteUid, temperature: 1, humidity: 1, time: '' },
        },
      } as never);
    pin('R');
    await tick(5);
    expect(s.sent.map((m) => m.event)).not.toContain('SITE_TEMPERATURE_HUMIDITY');
    s.receive({ action: 'SESSION_START', site_uid: 'R' });
    await tick(5);
    expect(s.sent.at(-1)).toMatchObject({ event: 'ERROR', payload: { message: 'Site not found' } });
    expect(hub.scopes()).toBe(1);
    await hub.close();
  });

  it('checks a LOGIN again when its session ended while the token was being checked', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const recheck = vi.fn(async () => ({
      ok: false as const,
      code: 4001 as const,
      reason: 'session ended' as const,
    }));
    const { bus, hub, open } = setup({
      recheck,
      authenticate: async (sid) => {
        await gate;
        const expiresAt = new Date(Date.now() + 3_600_000);
        return { ok: true, caller: buildCaller(record('7', ['robi']), sid, expiresAt), expiresAt };
      },
    });
    const pending = open('s1');
    bus.publish('auth.session-ended', { userUid: '7', sessionId: 's1' });
    await tick(5);
    release();
    const s = await pending;
    await tick(5);
    expect(recheck).toHaveBeenCalledTimes(1);
    expect(s.closedWith).toEqual({ code: 4001, reason: 'session ended' });
    expect(hub.size()).toBe(0);
    await hub.close();
  });
});
