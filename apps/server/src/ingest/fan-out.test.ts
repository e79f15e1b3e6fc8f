/** Which dashboard counts a committed batch of one site may move (fan-out.ts). */
import { describe, expect, it } from 'vitest';
import type { PinUpdate } from '../alarms/engine.ts';
import { parseSiteAlarmSettings } from '../alarms/settings.ts';
import { createSiteState, type EngineSite } from '../alarms/state.ts';
import type { BusChannel, BusEvents, EventBus, FocusedSites } from '../bus/bus.ts';
import { emptyWrites } from './batch-writes.ts';
import { fanOut, type SiteOut } from './fan-out.ts';

const site: EngineSite = {
  siteUid: 'S1',
  companyId: 'ktbl',
  tenants: ['robi'],
  comIds: ['C'],
  pins: [
    { comId: 'C', pinName: 'am4', type: 'battery_terminal', tenant: 'robi', priority: null },
    { comId: 'C', pinName: 'am6', type: 'temperature', tenant: null, priority: null },
  ],
  settings: parseSiteAlarmSettings({ thresholds: { dc_low_voltage: 48 } }),
};

function collectingBus(): EventBus & { live: BusEvents['live'][] } {
  const live: BusEvents['live'][] = [];
  return {
    live,
    publish<C extends BusChannel>(channel: C, event: BusEvents[C]) {
      if (channel === 'live') live.push(event as BusEvents['live']);
    },
    subscribe: () => () => undefined,
    close: async () => undefined,
  };
}

const update = (pinName: string, previous: number | null, value: number): PinUpdate => ({
  comId: 'C',
  pinName,
  previous,
  value,
  time: new Date('2026-11-24T12:00:00Z'),
  configs: site.pins.filter((p) => p.pinName === pinName),
});

function moved(pinUpdates: PinUpdate[], statusChanged = false, focusedSites?: FocusedSites) {
  const so: SiteOut = {
    runtime: { site, state: createSiteState(site), loadedAt: 0 },
    statusChanged,
    pinUpdates,
    access: [],
    oem: [],
    ackMessages: [],
  };
  const bus = collectingBus();
  return { moved: fanOut(bus, so, [], emptyWrites(), [], [], focusedSites), live: bus.live };
}

describe('fan-out: dashboard counts a batch may move', () => {
  it('leaves the counts alone for battery readings that keep their class (the pin update still goes out)', () => {
    const r = moved([update('am4', 53.4, 53.6), update('am6', 30, 31)]);
    expect(r.moved).toEqual({ status: false, battery: false });
    expect(r.live.map((e) => e.message.event)).toContain('BATTERY_TERMINAL_VOLTAGE');
  });

  it('moves the battery counts when a reading crosses a class limit or the site threshold', () => {
    expect(moved([update('am4', 52.9, 53.1)]).moved).toEqual({ status: false, battery: true });
    // 47.9 V is `ok` at the default 47 V threshold but `bad` at this site's 48 V.
    expect(site.settings.thresholds.dcLowVoltage).toBe(48);
    expect(moved([update('am4', 48.1, 47.9)]).moved).toEqual({ status: false, battery: true });
    expect(moved([update('am4', 47.9, 47.5)]).moved).toEqual({ status: false, battery: false });
  });

  it('moves the battery counts for the first reading of a pin and when a reading drops out (negative)', () => {
    expect(moved([update('am4', null, 53.5)]).moved).toEqual({ status: false, battery: true });
    expect(moved([update('am4', 53.5, -1)]).moved).toEqual({ status: false, battery: true });
  });

  it('moves the status counts when an alarm or DC load changed', () => {
    expect(moved([update('am6', 30, 31)], true).moved).toEqual({ status: true, battery: false });
  });

  it('builds pin updates only for focused sites when every focused site is known', () => {
    const readings = [update('am4', 53.4, 53.6), update('am6', 30, 31)];
    const events = (focusedSites?: FocusedSites) =>
      moved(readings, false, focusedSites).live.map((e) => e.message.event);
    const all = events();
    expect(all).toEqual(expect.arrayContaining(['BATTERY_TERMINAL_VOLTAGE', 'SITE_TEMPERATURE_HUMIDITY']));
    expect(events({ has: (siteUid) => siteUid === 'S1' })).toEqual(all);
    expect(events({ has: () => false })).toEqual([]);
  });
});
