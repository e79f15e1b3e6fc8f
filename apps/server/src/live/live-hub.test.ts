import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCaller } from '../auth/caller.ts';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { createManualClock } from '../clock.ts';
import {
  advance,
  counts,
  FakeSocket,
  got,
  hubWith,
  quietLog,
  SITES,
  tick,
  user,
} from './hub-test-fixtures.ts';
import { createLiveHub, type LiveHubDeps } from './live-hub.ts';

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
  afterEach(() => {
    vi.useRealTimers();
  });
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
    // Fake timers: the 50 ms count interval is advanced, never waited for (no flakiness under load).
    vi.useFakeTimers();
    let mainsOff = 1;
    const countsOf = vi.fn(async () => counts(mainsOff));
    const { bus, hub, open } = hubWith({ countsOf });
    const a = await open('ktbl');
    const b = await open('super');
    const f = await open('ftb');
    bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K1'] });
    await advance(30);
    // One computation for the ktbl scope (two users), none for ftb (its sites did not change).
    expect(countsOf).toHaveBeenCalledTimes(1);
    const counted = (s: FakeSocket) => s.sent.map((m) => m.event).filter((e) => e.endsWith('_COUNT'));
    expect(counted(a)).toHaveLength(8);
    expect(counted(b)).toEqual(counted(a));
    expect(counted(f)).toEqual([]);
    const late = await open('ktbl');
    mainsOff = 2;
    bus.publish('site.state-changed', { companyId: 'ktbl', siteUids: ['K2'] });
    await advance(80);
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
});
