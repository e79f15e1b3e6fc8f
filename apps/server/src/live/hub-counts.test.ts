/**
 * The live hub's count work: none for a scope without a signed-in socket or without a change, each part
 * (dashboard, battery, device health) coalesced on its own interval, one computation at a time, and
 * every message serialised once per scope whatever its number of sockets. On fake timers: no real waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, counts, type FakeSocket, got, hubWith } from './hub-test-fixtures.ts';

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
    const tenants = (s: FakeSocket) => {
      const payload = got(s, 'SITE_STATUS_UPDATED')[0]?.payload as
        | { alarms: { tenant: string }[] }
        | undefined;
      return payload?.alarms.map((a) => a.tenant);
    };
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
