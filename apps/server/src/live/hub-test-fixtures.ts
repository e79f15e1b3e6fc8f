/**
 * Fakes and builders of the live hub's unit tests: a socket that records what it is sent, dashboard
 * counts, and a hub of a few users in two companies (ktbl sites K1, K2; ftb site F1).
 */
import { EventEmitter } from 'node:events';
import type { StatusCountsReply } from '@towerwatch/contract';
import { vi } from 'vitest';
import { buildCaller } from '../auth/caller.ts';
import type { UserRecord } from '../auth/user-record.ts';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { createManualClock } from '../clock.ts';
import { createLiveHub, type HubSocket, type LiveHubDeps } from './live-hub.ts';

export class FakeSocket extends EventEmitter implements HubSocket {
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

export const user = {
  uid: '100',
  type: 'company',
  tenants: [],
  rootUserUid: null,
  companyId: 'ktbl',
  companyCode: 'ktbl',
  accessRoles: ['rms'],
} as unknown as UserRecord;

/** Dashboard counts with `mainsOff` sites without mains, every other count 0. */
export function counts(mainsOff: number): StatusCountsReply {
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

export const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Advances the fake clock and timers (tests of count timing run on fake timers: no real waits). */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

export const quietLog = { info() {}, warn() {}, error() {}, debug() {} };

/** A hub whose every socket signs in as `user` with a token valid for `tokenMs`; sees site S1. */
const ktblUser = (uid: string, extra: Partial<UserRecord> = {}) =>
  ({ ...user, uid, ...extra }) as unknown as UserRecord;
/** Users by token. */
export const USERS: Record<string, UserRecord> = {
  ktbl: ktblUser('100'),
  super: ktblUser('101', { type: 'superuser' } as Partial<UserRecord>),
  robi: ktblUser('102', { type: 'read_only', tenants: ['robi'] } as Partial<UserRecord>),
  ftb: ktblUser('200', { companyId: 'ftb', companyCode: 'ftb' } as Partial<UserRecord>),
  // Two users of one narrower scope (ktbl, robi only).
  robiA: ktblUser('103', { tenants: ['robi'] } as Partial<UserRecord>),
  robiB: ktblUser('104', { tenants: ['robi'] } as Partial<UserRecord>),
};
/** Sites by company (a test may change them and restores them). */
export const SITES: Record<string, string[]> = { ktbl: ['K1', 'K2'], ftb: ['F1'] };

/** A hub whose sockets sign in with a key of {@link USERS} as token. */
export function hubWith(
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

/** The messages of `event` a socket got. */
export const got = (s: FakeSocket, event: string) => s.sent.filter((m) => m.event === event);
