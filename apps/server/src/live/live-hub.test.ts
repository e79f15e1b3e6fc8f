import { EventEmitter } from 'node:events';
import type { StatusCountsReply } from '@towerwatch/contract';
import { describe, expect, it, vi } from 'vitest';
import { buildCaller } from '../auth/caller.ts';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { createManualClock } from '../clock.ts';
import type { UserRecord } from '../modules/users/users.repository.ts';
import { createLiveHub, type HubSocket } from './live-hub.ts';

class FakeSocket extends EventEmitter implements HubSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: { event: string; payload: unknown }[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
    this.emit('close');
  }
  receive(message: object) {
    this.emit('message', Buffer.from(JSON.stringify(message)));
  }
}

const user = {
  uid: '100',
  type: 'company',
  tenants: [],
  rootUserUid: null,
  companyId: 'ktbl',
  companyCode: 'ktbl',
  accessRoles: ['rms'],
} as unknown as UserRecord;

function counts(mainsOff: number): StatusCountsReply {
  const zero = {
    mains_on: 0,
    mains_off: mainsOff,
    dc_low: 0,
    dg_power: 0,
    pg_power: 0,
    site_down: 0,
    site_on_battery: 0,
  };
  return {
    power: zero,
    dcPower: { no_load: 0, normal_load: 0, over_load: 0, loadCount: {} },
    alarm: { byAlarm: {}, paused: 0, deviceOffline: { lt24h: 0, lt48h: 0, lt72h: 0, gte72h: 0, total: 0 } },
    access: {
      total_door: 0,
      door_open: 0,
      lock_open: 0,
      lock_open_fail: 0,
      lock_close_fail: 0,
      security_breach: 0,
      vibration: 0,
    },
    dg: { on: 0, off: 0 },
    mains: { on: 0, off: mainsOff },
    battery: { full: 0, good: 0, ok: 0, bad: 0 },
    temperature: { normal: 0, high: 0 },
  };
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live hub', () => {
  it('coalesces dashboard counts per user and pushes only the changed count events', async () => {
    const bus = createInProcessBus();
    const clock = createManualClock();
    let mainsOff = 1;
    const countsOf = vi.fn(async () => counts(mainsOff));
    const hub = createLiveHub({
      bus,
      clock,
      log: { info() {}, warn() {}, error() {}, debug() {} },
      authenticate: async () => ({
        ok: true,
        caller: buildCaller(user, 'sid', new Date(clock.now().getTime() + 3_600_000)),
        expiresAt: new Date(clock.now().getTime() + 3_600_000),
      }),
      siteUidsOf: async () => ['S1'],
      countsOf,
      healthOf: async () => ({ total: 3, online: 2, offline: 1, lt24h: 1, lt48h: 0, lt72h: 0, gte72h: 0 }),
      countsIntervalMs: 200,
    });
    const a = new FakeSocket();
    const b = new FakeSocket();
    hub.attach(a);
    hub.attach(b);
    a.receive({ action: 'LOGIN', token: 't' });
    b.receive({ action: 'LOGIN', token: 't' });
    await tick(20);
    expect(hub.size()).toBe(2);
    for (let i = 0; i < 50; i++) bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['S1'] });
    // Another company's site does not concern this user.
    bus.publish('site.state-changed', { companyId: 'ftb', siteUids: ['S9'] });
    await tick(50);
    expect(countsOf).toHaveBeenCalledTimes(1);
    const events = (s: FakeSocket) => s.sent.map((m) => m.event).filter((e) => e.endsWith('_COUNT'));
    expect(events(a)).toHaveLength(9);
    expect(events(a)).toContain('RMS_DEVICE_HEALTH_COUNT');
    expect(events(b)).toEqual(events(a));
    mainsOff = 2;
    for (let i = 0; i < 20; i++) bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['S1'] });
    await tick(100);
    expect(countsOf).toHaveBeenCalledTimes(1); // still inside the 200 ms window
    await tick(200);
    expect(countsOf).toHaveBeenCalledTimes(2);
    // Only POWER_COUNT and MAINS_AVAILABLE_COUNT changed.
    expect(events(a).slice(9)).toEqual(['POWER_COUNT', 'MAINS_AVAILABLE_COUNT']);
    await hub.close();
  });

  it('closes with 4001 when the access token expires', async () => {
    const bus = createInProcessBus();
    const clock = createManualClock();
    const hub = createLiveHub({
      bus,
      clock,
      log: { info() {}, warn() {}, error() {}, debug() {} },
      authenticate: async () => ({
        ok: true,
        caller: buildCaller(user, 'sid', new Date(clock.now().getTime() + 50)),
        expiresAt: new Date(clock.now().getTime() + 50),
      }),
      siteUidsOf: async () => [],
    });
    const s = new FakeSocket();
    hub.attach(s);
    s.receive({ action: 'LOGIN', token: 't' });
    await tick(120);
    expect(s.closedWith).toEqual({ code: 4001, reason: 'token expired' });
    expect(hub.size()).toBe(0);
    await hub.close();
  });
});
