import { EventEmitter } from 'node:events';
import type { StatusCountsReply } from '@towerwatch/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCaller } from '../auth/caller.ts';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { createManualClock } from '../clock.ts';
import type { UserRecord } from '../auth/user-record.ts';
import { createLiveHub, type HubSocket, type LiveHubDeps } from './live-hub.ts';

class FakeSocket extends EventEmitter implements HubSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: { event: string; payload: unknown }[] = [];
  /** What `send` got, as given (the same Buffer for every socket = serialised once). */
  raw: (string | Buffer)[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  send(data: string | Buffer) {
    this.raw.push(data);
    this.sent.push(JSON.parse(String(data)));
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
/** Advances the fake clock and timers (tests of count timing run on fake timers: no real waits). */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

const quietLog = { info() {}, warn() {}, error() {}, debug() {} };

/** A hub whose every socket signs in as `user` with a token valid for `tokenMs`; sees site S1. */
function singleUserHub(deps: Partial<LiveHubDeps> = {}, tokenMs = 3_600_000) {
  const bus = createInProcessBus();
  const clock = createManualClock();
  const hub = createLiveHub({
    bus,
    clock,
    log: quietLog,
    authenticate: async () => ({
      ok: true,
      caller: buildCaller(user, 'sid', new Date(clock.now().getTime() + tokenMs)),
      expiresAt: new Date(clock.now().getTime() + tokenMs),
    }),
    siteUidsOf: async () => ['S1'],
    ...deps,
  });
  return { bus, hub };
}

describe('live hub', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('coalesces dashboard counts per user and pushes only the changed count events', async () => {
    let mainsOff = 1;
    const countsOf = vi.fn(async () => counts(mainsOff));
    const { bus, hub } = singleUserHub({
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
    await advance(20);
    expect(hub.size()).toBe(2);
    for (let i = 0; i < 50; i++) bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['S1'] });
    // Another company's site does not concern this user.
    bus.publish('site.state-changed', { companyId: 'ftb', siteUids: ['S9'] });
    await advance(50);
    expect(countsOf).toHaveBeenCalledTimes(1);
    const events = (s: FakeSocket) => s.sent.map((m) => m.event).filter((e) => e.endsWith('_COUNT'));
    expect(events(a)).toHaveLength(9);
    expect(events(a)).toContain('RMS_DEVICE_HEALTH_COUNT');
    expect(events(b)).toEqual(events(a));
    mainsOff = 2;
    for (let i = 0; i < 20; i++) bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['S1'] });
    await advance(100);
    expect(countsOf).toHaveBeenCalledTimes(1); // still inside the 200 ms window
    await advance(200);
    expect(countsOf).toHaveBeenCalledTimes(2);
    // Only POWER_COUNT and MAINS_AVAILABLE_COUNT changed.
    expect(events(a).slice(9)).toEqual(['POWER_COUNT', 'MAINS_AVAILABLE_COUNT']);
    await hub.close();
  });

  it('asks for fresh battery classes when one moved, at most once per battery interval', async () => {
    const countsOf = vi.fn(async (_caller: unknown, _opts?: { freshBattery: boolean }) => counts(0));
    const { bus, hub } = singleUserHub({ countsOf, countsIntervalMs: 20, batteryIntervalMs: 1000 });
    const a = new FakeSocket();
    hub.attach(a);
    a.receive({ action: 'LOGIN', token: 't' });
    await advance(20);
    const asked = () => countsOf.mock.calls.map((c) => c[1]);
    bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['S1'], battery: true });
    await advance(60);
    expect(asked()).toEqual([{ freshBattery: true }]);
    // A status change takes the cached classes; a battery move inside the interval waits for its end.
    bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['S1'] });
    await advance(60);
    bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['S1'], battery: true });
    await advance(60);
    expect(asked()).toEqual([{ freshBattery: true }, undefined, undefined]);
    await advance(1000);
    expect(asked()).toEqual([{ freshBattery: true }, undefined, undefined, { freshBattery: true }]);
    await hub.close();
  });

  it('closes with 4001 when the access token expires', async () => {
    const { hub } = singleUserHub({ siteUidsOf: async () => [] }, 50);
    const s = new FakeSocket();
    hub.attach(s);
    s.receive({ action: 'LOGIN', token: 't' });
    await advance(120);
    expect(s.closedWith).toEqual({ code: 4001, reason: 'token expired' });
    expect(hub.size()).toBe(0);
    await hub.close();
  });
});

describe('live hub at scale: shared scopes, per-user checks, slow sockets', () => {
  const ktblUser = (uid: string, extra: Partial<UserRecord> = {}) =>
    ({ ...user, uid, ...extra }) as unknown as UserRecord;
  const USERS: Record<string, UserRecord> = {
    ktbl: ktblUser('100'),
    super: ktblUser('101', { type: 'superuser' } as Partial<UserRecord>),
    robi: ktblUser('102', { type: 'read_only', tenants: ['robi'] } as Partial<UserRecord>),
    ftb: ktblUser('200', { companyId: 'ftb', companyCode: 'ftb' } as Partial<UserRecord>),
    // Two users of one narrower scope (ktbl, robi only).
    robiA: ktblUser('103', { tenants: ['robi'] } as Partial<UserRecord>),
    robiB: ktblUser('104', { tenants: ['robi'] } as Partial<UserRecord>),
  };
  const SITES: Record<string, string[]> = { ktbl: ['K1', 'K2'], ftb: ['F1'] };

  function hubWith(
    opts: {
      countsOf?: () => Promise<StatusCountsReply>;
      healthOf?: LiveHubDeps['healthOf'];
      maxBufferedBytes?: number;
    } = {},
  ) {
    const bus = createInProcessBus();
    const clock = createManualClock();
    const siteUidsOf = vi.fn(
      async (caller: { companyId: string | null }) => SITES[caller.companyId ?? ''] ?? [],
    );
    const hub = createLiveHub({
      bus,
      clock,
      log: quietLog,
      authenticate: async (token) => {
        const u = USERS[token];
        if (!u) return { ok: false, reason: 'invalid token' };
        const expiresAt = new Date(clock.now().getTime() + 3_600_000);
        return { ok: true, caller: buildCaller(u, 'sid', expiresAt), expiresAt };
      },
      siteUidsOf,
      countsOf: opts.countsOf,
      healthOf: opts.healthOf,
      countsIntervalMs: 50,
      maxBufferedBytes: opts.maxBufferedBytes,
    });
    const open = async (token: string) => {
      const s = new FakeSocket();
      hub.attach(s);
      s.receive({ action: 'LOGIN', token });
      await (vi.isFakeTimers() ? advance(5) : tick(5));
      return s;
    };
    return { bus, hub, siteUidsOf, open };
  }

  const siteEvent = (siteUid: string, companyId: string, id: number, tenant: string | null = null) => ({
    audience: { companyId, siteUid, tenant, kind: 'high_temperature' },
    message: {
      event: 'SITE_EVENT' as const,
      payload: {
        id,
        name: 'high_temperature',
        time: new Date().toISOString(),
        siteUid,
        tenant,
        group: 'RMS' as const,
        active: true,
        value: 50,
        acknowledgedBy: null,
        acknowledgedAt: null,
      },
    },
  });
  const got = (s: FakeSocket, event: string) => s.sent.filter((m) => m.event === event);

  it('loads one site set per scope and shares it between users and sockets of that scope', async () => {
    const { hub, siteUidsOf, open } = hubWith();
    await Promise.all([open('ktbl'), open('ktbl'), open('super'), open('super'), open('ftb')]);
    await tick(10);
    expect(hub.size()).toBe(5);
    // ktbl and super: same company and tenants → one scope; ftb another.
    expect(hub.scopes()).toBe(2);
    expect(siteUidsOf).toHaveBeenCalledTimes(2);
    await hub.close();
  });

  it('delivers a site event to every socket allowed to see it, and to no other', async () => {
    const { bus, hub, open } = hubWith();
    const k1 = await open('ktbl');
    const k2 = await open('ktbl');
    const s1 = await open('super');
    const f1 = await open('ftb');
    bus.publish('live', siteEvent('K1', 'ktbl', 1));
    bus.publish('live', siteEvent('F1', 'ftb', 2));
    // A site of the company the user cannot see (not in its set) is not delivered.
    bus.publish('live', siteEvent('K9', 'ktbl', 3));
    await tick(5);
    for (const s of [k1, k2, s1])
      expect(got(s, 'SITE_EVENT').map((m) => (m.payload as { id: number }).id)).toEqual([1]);
    expect(got(f1, 'SITE_EVENT').map((m) => (m.payload as { id: number }).id)).toEqual([2]);
    await hub.close();
  });

  it('sends pin updates only to the sockets focused on the site, until SESSION_END', async () => {
    const { bus, hub, open } = hubWith();
    const a = await open('ktbl');
    const b = await open('ktbl');
    a.receive({ action: 'SESSION_START', site_uid: 'K1' });
    await tick(5);
    const pin = (voltage: number) =>
      bus.publish('live', {
        audience: { companyId: 'ktbl', siteUid: 'K1', tenant: null, focus: true },
        message: {
          event: 'BATTERY_TERMINAL_VOLTAGE',
          payload: {
            siteUid: 'K1',
            comId: 'C',
            pinName: 'am6',
            tenant: null,
            time: new Date().toISOString(),
            voltage,
          },
        },
      });
    pin(51);
    a.receive({ action: 'SESSION_END' });
    await tick(5);
    pin(52);
    expect(got(a, 'BATTERY_TERMINAL_VOLTAGE').map((m) => (m.payload as { voltage: number }).voltage)).toEqual(
      [51],
    );
    expect(got(b, 'BATTERY_TERMINAL_VOLTAGE')).toEqual([]);
    await hub.close();
  });

  it('closes a socket that cannot keep up (1001 too slow) and keeps delivering to the others', async () => {
    const { bus, hub, open } = hubWith({ maxBufferedBytes: 1000 });
    const slow = await open('ktbl');
    const fast = await open('ktbl');
    slow.bufferedAmount = 5000;
    bus.publish('live', siteEvent('K1', 'ktbl', 1));
    bus.publish('live', siteEvent('K2', 'ktbl', 2));
    await tick(5);
    expect(slow.closedWith).toEqual({ code: 1001, reason: 'too slow' });
    expect(got(slow, 'SITE_EVENT')).toEqual([]);
    expect(got(fast, 'SITE_EVENT')).toHaveLength(2);
    expect(hub.size()).toBe(1);
    await hub.close();
  });

  it('computes counts once per scope; a socket that joins later gets every count event once', async () => {
    let mainsOff = 1;
    const countsOf = vi.fn(async () => counts(mainsOff));
    const { bus, hub, open } = hubWith({ countsOf });
    const a = await open('ktbl');
    const b = await open('super');
    const f = await open('ftb');
    bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K1'] });
    await tick(30);
    // One computation for the ktbl scope (two users), none for ftb (its sites did not change).
    expect(countsOf).toHaveBeenCalledTimes(1);
    const counted = (s: FakeSocket) => s.sent.map((m) => m.event).filter((e) => e.endsWith('_COUNT'));
    expect(counted(a)).toHaveLength(8);
    expect(counted(b)).toEqual(counted(a));
    expect(counted(f)).toEqual([]);
    const late = await open('ktbl');
    mainsOff = 2;
    bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K2'] });
    await tick(80);
    expect(countsOf).toHaveBeenCalledTimes(2);
    expect(counted(a).slice(8)).toEqual(['POWER_COUNT', 'MAINS_AVAILABLE_COUNT']);
    expect(counted(late)).toHaveLength(8);
    const power = late.sent.find((m) => m.event === 'POWER_COUNT');
    expect(power?.payload).toMatchObject({ mains_off: 2 });
    await hub.close();
  });

  it('reloads a scope’s sites once on a config change; SESSION_START then finds the new site', async () => {
    const { bus, hub, siteUidsOf, open } = hubWith();
    const a = await open('ktbl');
    await open('super');
    a.receive({ action: 'SESSION_START', site_uid: 'K3' });
    await tick(10);
    expect(got(a, 'ERROR')).toHaveLength(1);
    SITES.ktbl = ['K1', 'K2', 'K3'];
    const calls = siteUidsOf.mock.calls.length;
    bus.publish('site.config-changed', { siteUid: 'K3' });
    await tick(10);
    expect(siteUidsOf.mock.calls.length).toBe(calls + 1);
    a.receive({ action: 'SESSION_START', site_uid: 'K3' });
    await tick(10);
    expect(got(a, 'SESSION_STARTED')).toHaveLength(1);
    SITES.ktbl = ['K1', 'K2'];
    await hub.close();
  });

  it('writes the messages of one fan-out round to a socket in one corked batch', async () => {
    const { bus, hub, open } = hubWith();
    const s = await open('ktbl');
    const log: string[] = [];
    Object.assign(s, {
      cork: () => log.push('cork'),
      uncork: () => log.push('uncork'),
      send(this: FakeSocket, data: string | Buffer) {
        log.push('send');
        this.sent.push(JSON.parse(String(data)));
      },
    });
    bus.publish('live', siteEvent('K1', 'ktbl', 1));
    bus.publish('live', siteEvent('K2', 'ktbl', 2));
    await tick(5);
    expect(log).toEqual(['cork', 'send', 'send', 'uncork']);
    await hub.close();
  });

  describe('count work and serialisation (fake timers)', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const health = { total: 3, online: 2, offline: 1, lt24h: 1, lt48h: 0, lt72h: 0, gte72h: 0 };

    it('does no count work for a scope without a signed-in socket, and none while nothing changes', async () => {
      const countsOf = vi.fn(async () => counts(1));
      const healthOf = vi.fn(async () => health);
      const { bus, hub, open } = hubWith({ countsOf, healthOf });
      bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K1'], battery: true });
      await advance(60_000);
      expect(countsOf).not.toHaveBeenCalled();
      // A signed-in socket of another scope: a change of ktbl's sites is no work for it.
      await open('ftb');
      bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K1'] });
      await advance(60_000);
      expect(countsOf).not.toHaveBeenCalled();
      expect(healthOf).not.toHaveBeenCalled();
      const k = await open('ktbl');
      bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K1'] });
      await advance(100);
      expect(countsOf).toHaveBeenCalledTimes(1);
      expect(healthOf).toHaveBeenCalledTimes(1);
      // No change, no work: nothing is recomputed on a timer, however long the sockets stay.
      await advance(10 * 60_000);
      expect(countsOf).toHaveBeenCalledTimes(1);
      expect(healthOf).toHaveBeenCalledTimes(1);
      // The scope's last socket leaves before its planned push: the push does not run.
      bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K1'] });
      k.close();
      await advance(60_000);
      expect(countsOf).toHaveBeenCalledTimes(1);
      expect(healthOf).toHaveBeenCalledTimes(1);
      expect(hub.scopes()).toBe(1);
      await hub.close();
    });

    it('recomputes device health after a change once its interval allows, with no dashboard recount', async () => {
      const countsOf = vi.fn(async () => counts(1));
      const healthOf = vi.fn(async () => health);
      const { bus, hub, open } = hubWith({ countsOf, healthOf });
      await open('ktbl');
      bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K1'] });
      await advance(100);
      bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K2'] });
      await advance(100);
      // The second change: dashboard counts again, device health waits for its 10 s interval.
      expect(countsOf).toHaveBeenCalledTimes(2);
      expect(healthOf).toHaveBeenCalledTimes(1);
      await advance(10_000);
      expect(healthOf).toHaveBeenCalledTimes(2);
      expect(countsOf).toHaveBeenCalledTimes(2);
      await hub.close();
    });

    it('serialises each message once per scope, whatever its number of sockets and users', async () => {
      const countsOf = vi.fn(async () => counts(1));
      const { bus, hub, open } = hubWith({ countsOf });
      const wide = await Promise.all(['ktbl', 'ktbl', 'ktbl', 'super', 'super'].map(open));
      const narrow = await Promise.all(['robiA', 'robiA', 'robiB'].map(open));
      expect(hub.scopes()).toBe(2);
      bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K1'] });
      await advance(100);
      // One computation per scope.
      expect(countsOf).toHaveBeenCalledTimes(2);
      const rawOf = (s: FakeSocket, event: string) => s.raw[s.sent.findIndex((m) => m.event === event)];
      for (const group of [wide, narrow]) {
        for (const event of ['POWER_COUNT', 'BATTERY_BACKUP_COUNT']) {
          const first = rawOf(group[0] as FakeSocket, event);
          expect(first).toBeInstanceOf(Buffer);
          for (const s of group) expect(rawOf(s, event)).toBe(first);
        }
      }
      expect(rawOf(narrow[0] as FakeSocket, 'POWER_COUNT')).not.toBe(
        rawOf(wide[0] as FakeSocket, 'POWER_COUNT'),
      );
      // A status message narrowed to the robi tenant: one serialisation for the narrow scope's two users.
      const alarm = (tenant: string) => ({ id: 'mains_fail', tenant, isNormal: false });
      bus.publish('live', {
        audience: { companyId: 'ktbl', siteUid: 'K1', tenant: null },
        message: {
          event: 'SITE_STATUS_UPDATED',
          payload: { siteUid: 'K1', alarms: [alarm('robi'), alarm('banglalink')], dcLoad: [] },
        },
      } as never);
      await advance(5);
      const status = (s: FakeSocket) => rawOf(s, 'SITE_STATUS_UPDATED');
      for (const s of narrow) expect(status(s)).toBe(status(narrow[0] as FakeSocket));
      for (const s of wide) expect(status(s)).toBe(status(wide[0] as FakeSocket));
      const tenants = (s: FakeSocket) =>
        (got(s, 'SITE_STATUS_UPDATED')[0]?.payload as { alarms: { tenant: string }[] }).alarms.map(
          (a) => a.tenant,
        );
      expect(tenants(narrow[2] as FakeSocket)).toEqual(['robi']);
      expect(tenants(wide[4] as FakeSocket)).toEqual(['robi', 'banglalink']);
      await hub.close();
    });

    it('pushes the counts of the final state after a burst of transitions, one computation at a time', async () => {
      let mainsOff = 0;
      let running = 0;
      let most = 0;
      // Each computation takes 80 ms (longer than the 50 ms interval): changes keep arriving while one runs.
      const countsOf = vi.fn(async () => {
        running += 1;
        most = Math.max(most, running);
        const value = mainsOff;
        await new Promise((r) => setTimeout(r, 80));
        running -= 1;
        return counts(value);
      });
      const { bus, hub, open } = hubWith({ countsOf });
      const a = await open('ktbl');
      for (let i = 1; i <= 300; i++) {
        mainsOff = i;
        bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: [i % 2 ? 'K1' : 'K2'] });
        await advance(i % 7);
      }
      await advance(1000);
      const power = got(a, 'POWER_COUNT');
      expect(power.at(-1)?.payload).toMatchObject({ mains_off: 300 });
      expect(got(a, 'MAINS_AVAILABLE_COUNT').at(-1)?.payload).toEqual({ on: 0, off: 300 });
      // Coalesced: ~900 ms of changes, one 80 ms computation after the other, never two at once.
      expect(countsOf.mock.calls.length).toBeLessThanOrEqual(900 / 80 + 2);
      expect(most).toBe(1);
      await hub.close();
    });
  });
});
