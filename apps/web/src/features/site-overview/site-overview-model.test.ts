import type { SiteDetailsReply, SitePinConfig } from '@towerwatch/contract';
import { describe, expect, it } from 'vitest';
import { buildSiteAlarm } from '../../testing/site-factories.ts';
import {
  acknowledgedByLabel,
  alarmRows,
  applyPinValue,
  formatMinutes,
  powerChain,
} from './site-overview-model.ts';

const pin = (type: string, status: number | null, extra: Partial<SitePinConfig> = {}): SitePinConfig => ({
  id: 1,
  com_id: 'C1',
  pin_name: type,
  type,
  service: null,
  priority: null,
  tenant: null,
  site_uid: 'S-1',
  user_uid: '10',
  label: null,
  status,
  voltage: null,
  ampere: null,
  maximum: null,
  remaining: null,
  updated_at: null,
  ...extra,
});

const alarm = buildSiteAlarm;

function details(pins: SitePinConfig[]): SiteDetailsReply {
  return {
    siteInfo: {
      uid: 'S-1',
      name: 'Mirpur',
      user_uid: '10',
      company: 'ftb',
      tenants: ['robi', 'banglalink'],
      devices: ['C1'],
      alarms: [],
      status: 'online',
      rectifier: { rectifier_type: 'eltek', rectifier_type_2: null },
      dc_load: [{ tenant: 'robi', value: 'OVER' }],
      battery_max: 200,
      battery_left: 100,
      device_vendor: null,
      place: { thana: null, district: null, division: null },
      location: null,
      meta: { generic_site_id: null },
      more_details: {},
      settings: {},
      inc: {},
      bms: {},
      created_at: '2026-01-01T00:00:00Z',
    },
    pinConfigs: pins,
    devices: ['C1'],
    controls: [],
  };
}

describe('site overview model', () => {
  it('builds the power chain for the focused tenant with colour thresholds', () => {
    const chain = powerChain(
      details([
        pin('main_phase_a', 230, { tenant: 'robi' }),
        pin('main_phase_b', 150, { tenant: 'robi' }),
        pin('main_phase_a', 0, { tenant: 'banglalink', pin_name: 'x' }),
        pin('dg_status', 1, { tenant: 'robi' }),
        pin('battery_terminal', 46, { tenant: 'robi' }),
        pin('temperature', 50),
        pin('access_control', 1, { priority: 'door' }),
      ]),
      [
        alarm('rectifier_fail', false),
        alarm('door_status', false),
        alarm('lock_status', true, { isAvailable: false }),
      ],
      'robi',
      { backupMinutes: 125 },
    );
    expect(chain.mains.map((m) => [m.label, m.value, m.colour])).toEqual([
      ['Phase A', 230, 'green'],
      ['Phase B', 150, 'blue'],
    ]);
    expect(chain.generators).toEqual([{ label: 'DG', text: 'ON', active: true }]);
    expect(chain.battery.voltage.colour).toBe('blue');
    expect(chain.climate.temperature.colour).toBe('red');
    expect(chain.climate.humidity.colour).toBe('gray');
    expect(chain.access).toEqual([{ label: 'Door', text: 'OPEN', active: true }]);
    expect(chain.rectifier).toEqual({ types: ['eltek'], failed: true });
    expect(chain.dcLoad).toEqual([{ tenant: 'robi', value: 'OVER', label: 'Overload' }]);
    expect(formatMinutes(chain.battery.backupMinutes)).toBe('2hr 5m');
    expect(formatMinutes(null)).toBe('—');
  });

  it('patches a live pin reading', () => {
    const pins = applyPinValue([pin('dg_status', 0)], 'C1', 'dg_status', 1, '2026-01-01T00:00:00Z');
    expect(pins[0]?.status).toBe(1);
    expect(applyPinValue([pin('dg_status', 0)], 'C2', 'dg_status', 1, 't')[0]?.status).toBe(0);
  });

  it('shows alarms with value pairs and company names, raised first', () => {
    const rows = alarmRows(
      [
        alarm('door_status', true),
        alarm('ac_line_fail', false),
        alarm('lock_status', false, { isDisable: true }),
        alarm('smoke', true, { isAvailable: false }),
      ],
      'ftb',
    );
    expect(rows.map((r) => [r.name, r.display, r.state])).toEqual([
      ['Grid Fail', 'YES', 'raised'],
      ['Lock Status', 'OPEN', 'paused'],
      ['Door Status', 'CLOSE', 'normal'],
      ['Smoke', 'NO', 'unavailable'],
    ]);
  });
});

describe('acknowledgedByLabel', () => {
  it("shows the person's name, not the user id (issue 21)", () => {
    expect(acknowledgedByLabel({ acknowledgedBy: '100', acknowledgedByName: 'KTBL' })).toBe('KTBL');
    expect(acknowledgedByLabel({ acknowledgedBy: '100', acknowledgedByName: null })).toBe('100');
    expect(acknowledgedByLabel({ acknowledgedBy: null, acknowledgedByName: null })).toBeNull();
  });
});
