/** OEM rectifier and BMS records of a simulated site. */
import type { DemoSite, Random } from '@towerwatch/fleet';
import { acAvailable, type SiteOutput, type SiteState, totalLoad } from './site-state.ts';

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

const MODELS: Record<DemoSite['rectifier']['rectifier_type'], string> = {
  vertiv: 'NetSure 731',
  eltek: 'Flatpack2 48/2000',
  sarbs: 'SR-4815',
  jvolt: 'JV-48100',
};

/** The rectifier info record a device sends after it connects. */
export function rectifierInfo(site: DemoSite): SiteOutput {
  const type = site.rectifier.rectifier_type;
  return {
    kind: 'oem',
    record: {
      kind: 'rectifier_info',
      rectifier_type: type,
      model: MODELS[type],
      serial: `${type.slice(0, 2).toUpperCase()}${site.com_id.slice(3)}`,
      firmware: '1.8.2',
      modules_installed: Math.max(2, Math.ceil(site.battery_max / 100) + 1),
    },
  };
}

/** Periodic rectifier measurement (+ alarms) and, with a BMS, a BMS measurement. */
export function oemOutputs(site: DemoSite, state: SiteState, soh: number, random: Random): SiteOutput[] {
  const type = site.rectifier.rectifier_type;
  const ac = acAvailable(state);
  const load = totalLoad(state);
  const modulesInstalled = Math.max(2, Math.ceil(site.battery_max / 100) + 1);
  const charge = ac && state.soc < 1 ? (site.battery_max * 0.1 * (1 - state.soc)) / 0.2 : 0;
  const batteryCurrent = ac ? Math.min(charge, site.battery_max * 0.1) : -load;
  const perModule = ac ? (load + Math.max(0, batteryCurrent)) / modulesInstalled : 0;
  const outputs: SiteOutput[] = [
    {
      kind: 'oem',
      record: {
        kind: 'rectifier_measurement',
        rectifier_type: type,
        output_voltage: round(state.batteryV, 2),
        load_current: round(load),
        battery_current: round(batteryCurrent),
        ac_input_voltage: ac ? round(state.mainsOn ? state.phases[0] : 225 + random.normal(0, 3)) : 0,
        ac_frequency: ac ? round(50 + random.normal(0, 0.1), 2) : 0,
        modules: Array.from({ length: modulesInstalled }, (_, i) => ({
          address: i + 1,
          output_current: round(perModule * (1 + random.normal(0, 0.03))),
          temperature: round(state.temperatureC + 10 + random.normal(0, 1), 0),
          status: ac ? ('ok' as const) : ('off' as const),
        })),
      },
    },
    {
      kind: 'oem',
      record: {
        kind: 'rectifier_alarm',
        rectifier_type: type,
        alarms: [
          { code: 'AC_FAIL', name: 'AC Input Fail', active: !ac, severity: 'major' },
          {
            code: 'BATT_LOW',
            name: 'Battery Low Voltage',
            active: state.batteryV <= 47,
            severity: 'critical',
          },
        ],
      },
    },
  ];
  if (site.bms) {
    const cell = state.batteryV / 16;
    outputs.push({
      kind: 'oem',
      record: {
        kind: 'bms_measurement',
        address: 1,
        soc: round(state.soc * 100, 0),
        soh,
        voltage: round(state.batteryV, 2),
        current: round(batteryCurrent),
        temperature: round(state.temperatureC - 1, 1),
        cell_voltages: Array.from({ length: 16 }, () => round(cell + random.normal(0, 0.01), 3)),
      },
    });
  }
  return outputs;
}
