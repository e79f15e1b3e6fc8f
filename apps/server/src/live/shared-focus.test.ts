/**
 * Focused sites shared over the bus (shared-focus.ts): what a hub publishes and when, and what every
 * process makes of the sets it hears.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusEvents, EventBus } from '../bus/bus.ts';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import {
  createFocusPublisher,
  createSharedFocus,
  FOCUS_COALESCE_MS,
  FOCUS_EXPIRY_MS,
  type FocusPublisher,
} from './shared-focus.ts';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

const open: Array<{ stop(): void }> = [];
afterEach(() => {
  for (const o of open.splice(0)) o.stop();
  vi.useRealTimers();
});

function published(bus: EventBus): Array<BusEvents['live.focus']> {
  const out: Array<BusEvents['live.focus']> = [];
  bus.subscribe('live.focus', (e) => {
    out.push(e);
  });
  return out;
}

function publisher(bus: EventBus, sites: Set<string>): FocusPublisher {
  const p = createFocusPublisher(bus, () => sites);
  open.push(p);
  return p;
}

describe('a hub’s focused sites on the bus', () => {
  it('go out at once on the first change, then coalesced with the latest set', async () => {
    // The coalescing window is time: on the fake clock, whatever the machine's load.
    vi.useFakeTimers();
    const bus = createInProcessBus();
    const seen = published(bus);
    const sites = new Set(['s1']);
    const p = publisher(bus, sites);
    p.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.map((e) => e.sites)).toEqual([['s1']]);
    sites.add('s2');
    p.changed();
    sites.delete('s1');
    p.changed();
    await vi.advanceTimersByTimeAsync(FOCUS_COALESCE_MS - 1);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.map((e) => e.sites)).toEqual([['s1'], ['s2']]);
    expect(new Set(seen.map((e) => e.hub)).size).toBe(1);
  });

  it('are published again when a process asks, and emptied when the hub stops', async () => {
    const bus = createInProcessBus();
    const seen = published(bus);
    const p = createFocusPublisher(bus, () => ['s9']);
    createSharedFocus(bus, { has: () => false }).request();
    await tick();
    expect(seen.map((e) => e.sites)).toEqual([['s9']]);
    p.stop();
    await tick();
    expect(seen.map((e) => e.sites)).toEqual([['s9'], []]);
  });
});

describe('every focused site of the deployment', () => {
  it('is this process’s hub’s and every set heard, each replacing its hub’s previous one', async () => {
    const bus = createInProcessBus();
    const focus = createSharedFocus(bus, { has: (uid) => uid === 'local' });
    open.push(focus);
    expect(focus.has('local')).toBe(true);
    expect(focus.has('s1')).toBe(false);
    bus.publish('live.focus', { hub: 'h1', sites: ['s1', 's2'] });
    bus.publish('live.focus', { hub: 'h2', sites: ['s3'] });
    await tick();
    expect(['s1', 's2', 's3', 's4'].map((s) => focus.has(s))).toEqual([true, true, true, false]);
    bus.publish('live.focus', { hub: 'h1', sites: ['s2'] });
    bus.publish('live.focus', { hub: 'h2', sites: [] });
    await tick();
    expect(['s1', 's2', 's3'].map((s) => focus.has(s))).toEqual([false, true, false]);
  });

  it('forgets a hub not heard from for FOCUS_EXPIRY_MS', async () => {
    const bus = createInProcessBus();
    let now = 1000;
    const focus = createSharedFocus(bus, { has: () => false }, () => now);
    open.push(focus);
    bus.publish('live.focus', { hub: 'h1', sites: ['s1'] });
    await tick();
    now += FOCUS_EXPIRY_MS;
    expect(focus.has('s1')).toBe(true);
    now += 1;
    expect(focus.has('s1')).toBe(false);
  });

  it('follows a hub on the same bus as its sockets focus and leave sites', async () => {
    const bus = createInProcessBus();
    const focus = createSharedFocus(bus, { has: () => false });
    open.push(focus);
    const sites = new Set<string>();
    const p = publisher(bus, sites);
    sites.add('s1');
    p.changed();
    await tick();
    expect(focus.has('s1')).toBe(true);
    sites.delete('s1');
    p.changed();
    await tick(FOCUS_COALESCE_MS + 20);
    expect(focus.has('s1')).toBe(false);
  });
});
