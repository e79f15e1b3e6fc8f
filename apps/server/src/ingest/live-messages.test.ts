import { describe, expect, it } from 'vitest';
import { parseSiteAlarmSettings } from '../alarms/settings.ts';
import { createSiteState, type EngineSite, pinKey } from '../alarms/state.ts';
import { backupEstimate } from './live-messages.ts';

const site: EngineSite = {
  siteUid: 'S1',
  companyId: 'ktbl',
  tenants: ['robi', 'banglalink'],
  comIds: ['C'],
  pins: [
    { comId: 'C', pinName: 'am4', type: 'battery_terminal', tenant: 'robi', priority: null },
    { comId: 'C', pinName: 'am5', type: 'battery_current_critical', tenant: 'robi', priority: null },
    { comId: 'C', pinName: 'am6', type: 'battery_current_critical', tenant: 'banglalink', priority: null },
  ],
  settings: parseSiteAlarmSettings({}),
  batteryMax: 200,
};

describe('battery backup estimate', () => {
  it('is unknown until the voltage is read', () => {
    expect(backupEstimate(site, createSiteState(site))).toEqual({
      minutes: null,
      maximum: 200,
      remaining: null,
    });
  });

  it('reads charge from the voltage and divides by the whole site load', () => {
    const state = createSiteState(site);
    const ts = new Date();
    state.pins.set(pinKey('C', 'am4'), { value: 47.5, ts }); // half-way between 44 V and 51 V
    state.pins.set(pinKey('C', 'am5'), { value: 30, ts });
    state.pins.set(pinKey('C', 'am6'), { value: 20, ts });
    expect(backupEstimate(site, state)).toEqual({ minutes: 120, maximum: 200, remaining: 100 });
    state.pins.set(pinKey('C', 'am4'), { value: 43, ts });
    expect(backupEstimate(site, state)).toEqual({ minutes: 0, maximum: 200, remaining: 0 });
  });
});
