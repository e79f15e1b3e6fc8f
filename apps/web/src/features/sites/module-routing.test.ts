import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { LIVE_EVENTS, type LiveSiteEvent } from '@towerwatch/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FocusedSite } from '../../lib/site-focus.ts';
import { routedEventsStore, routeLiveMessage, siteModuleKeys, syncRoutedEvents } from './module-routing.ts';

const focus: FocusedSite = {
  siteUid: 'S-1',
  name: 'Mirpur',
  genericSiteId: 'G1',
  tenants: ['robi', 'banglalink'],
  tenant: 'robi',
};
let nextId = 1;
const event = (name: string, extra: Partial<LiveSiteEvent> = {}) => ({
  event: LIVE_EVENTS.SITE_EVENT,
  payload: {
    id: nextId++,
    name,
    time: '2026-01-10T10:00:00Z',
    siteUid: 'S-1',
    tenant: null,
    group: 'RMS',
    active: true,
    value: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
    ...extra,
  } as LiveSiteEvent,
});

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient();
  syncRoutedEvents(null);
  syncRoutedEvents(focus);
});
afterEach(() => {
  client.clear();
});

/** An observed module data query (as a module screen would hold) that counts its fetches. */
function watch(module: 'mains' | 'battery' | 'access' | 'generator' | 'temperature') {
  let fetches = 0;
  const observer = new QueryObserver(client, {
    queryKey: [...siteModuleKeys.data(module, 'S-1'), 'detail'],
    queryFn: () => ++fetches,
    staleTime: Infinity,
  });
  observer.subscribe(() => undefined);
  return () => fetches;
}

describe('live routing to the open site modules', () => {
  it('routes each event to its module, records it and refetches that module only', async () => {
    const mains = watch('mains');
    const battery = watch('battery');
    const settled = () =>
      client
        .getQueryCache()
        .getAll()
        .every((q) => q.state.status === 'success' && q.state.fetchStatus === 'idle');
    await vi.waitFor(() => expect(settled()).toBe(true));
    expect(mains() + battery()).toBe(2);
    expect(routeLiveMessage(event('rectifier_fail'), focus, client)).toBe('mains');
    expect(routeLiveMessage(event('door_open'), focus, client)).toBe('access');
    expect(routeLiveMessage(event('high_temperature'), focus, client)).toBe('temperature');
    expect(routeLiveMessage(event('dg_power', { tenant: 'robi' }), focus, client)).toBe('generator');
    const state = routedEventsStore.get();
    expect(state.byModule.mains.map((e) => e.name)).toEqual(['rectifier_fail']);
    expect(state.byModule.access.map((e) => e.name)).toEqual(['door_open']);
    expect(state.byModule.generator.map((e) => e.name)).toEqual(['dg_power']);
    await vi.waitFor(() => expect(mains()).toBe(2));
    expect(battery()).toBe(1);
    expect(routeLiveMessage(event('dc_low_voltage', { tenant: 'robi' }), focus, client)).toBe('battery');
    await vi.waitFor(() => expect(battery()).toBe(2));
    expect(mains()).toBe(2);
  });

  it("drops power events of another tenant, other sites' events and unrouted events", () => {
    expect(routeLiveMessage(event('mains_fail', { tenant: 'banglalink' }), focus, client)).toBeNull();
    expect(
      routeLiveMessage(event('mains_fail', { tenant: 'robi', siteUid: 'S-2' }), focus, client),
    ).toBeNull();
    expect(routeLiveMessage(event('smoke_detection'), focus, client)).toBeNull();
    expect(routeLiveMessage(event('mains_fail', { tenant: 'robi' }), null, client)).toBeNull();
    expect(routedEventsStore.get().byModule.mains).toEqual([]);
    expect(routeLiveMessage(event('mains_fail', { tenant: 'robi' }), focus, client)).toBe('mains');
    expect(routedEventsStore.get().byModule.mains).toHaveLength(1);
  });

  it('empties the routed events when the focused site or tenant changes', () => {
    routeLiveMessage(event('door_open'), focus, client);
    expect(routedEventsStore.get().byModule.access).toHaveLength(1);
    syncRoutedEvents({ ...focus, tenant: 'banglalink' });
    expect(routedEventsStore.get().byModule.access).toHaveLength(0);
  });
});
