/**
 * OEM rectifier and BMS records of a simulated site, and what its controller says about itself
 * (service). Physics: the rectifier's modules share the DC output (load plus battery charging), so
 * their currents sum to it; now and then a module fails and the others carry its share; on some
 * sites one battery cell drifts low, more under discharge; state of health falls slowly (faster with
 * a weak cell); cycles count the discharges.
 */
import type { DemoSite, Random } from '@towerwatch/fleet';
import { createRandom, mixSeed } from '@towerwatch/fleet';
import { acAvailable, type SiteOutput, type SiteState, totalLoad } from './site-state.ts';

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CELLS = 16;

const MODELS: Record<DemoSite['rectifier']['rectifier_type'], string> = {
  vertiv: 'NetSure 731',
  eltek: 'Flatpack2 48/2000',
  sarbs: 'SR-4815',
  jvolt: 'JV-48100',
};

/** FNV-1a hash, to give every site its own OEM random stream. */
function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Modules installed: one per 100 Ah of battery plus a spare, at least two. */
export const modulesInstalled = (site: DemoSite) => Math.max(2, Math.ceil(site.battery_max / 100) + 1);

/** The OEM side of one simulated site. */
export class SiteOem {
  private readonly site: DemoSite;
  private readonly random: Random;
  private readonly startSim: number;
  private readonly sohStart: number;
  /** Battery strings on the BMS bus (addresses 1..n); 0 without a BMS. */
  readonly batteries: number;
  /** Index of the cell that drifts low (battery 1), null on healthy sites. */
  private readonly weakCell: number | null;
  private readonly cellNoise: number[][];
  private failedModule: number | null = null;
  private failedUntil = 0;
  private cycles: number;
  private wasOnAc = true;
  private readonly rssi: number;
  private readonly clockSkewMs: number;
  private connectedAt = 0;
  /**
   * About one BMS site in fifteen runs a firmware whose BMS driver sends 255 ("not available") as the
   * state of charge now and then: the server refuses those records (invalid_payload).
   */
  private readonly buggyBms: boolean;

  constructor(site: DemoSite, seed: number, sohStart: number, startSim: number) {
    this.site = site;
    this.random = createRandom(mixSeed(seed, hash(`${site.com_id}/oem`)));
    const r = this.random;
    this.startSim = startSim;
    this.sohStart = sohStart;
    this.batteries = site.bms ? (site.battery_max >= 200 ? 2 : 1) : 0;
    this.weakCell = site.bms && r.chance(0.35) ? r.int(0, CELLS - 1) : null;
    this.cellNoise = Array.from({ length: Math.max(1, this.batteries) }, () =>
      Array.from({ length: CELLS }, () => r.range(-0.006, 0.006)),
    );
    this.cycles = r.int(150, 900);
    this.rssi = Math.round(r.range(-105, -55));
    this.buggyBms = site.bms && hash(`${site.com_id}/bms-bug`) % 15 === 0;
    this.clockSkewMs = Math.round(r.range(-90_000, 90_000));
    // About one site in twelve starts with a failed module (the fleet shows one at once).
    if (r.chance(0.08)) {
      this.failedModule = r.int(1, modulesInstalled(site));
      this.failedUntil = startSim + r.range(2, 12) * HOUR;
    }
  }

  /** What the controller reports about itself (status `service`, the service string). */
  service(wallMs: number): Record<string, unknown> {
    if (this.connectedAt === 0) this.connectedAt = wallMs;
    const error =
      this.failedModule !== null
        ? `rectifier module ${this.failedModule} not responding`
        : this.rssi < -100
          ? 'weak signal, reconnects'
          : null;
    return {
      model: this.site.device_vendor === 'vendor-voltguard' ? 'VG-RMS 200' : 'HSL RMS-4G',
      uptime_s: Math.floor((wallMs - this.connectedAt) / 1000) + (hash(this.site.com_id) % 864_000),
      rssi_dbm: Math.max(-150, Math.min(0, Math.round(this.rssi + this.random.range(-3, 3)))),
      last_error: error,
    };
  }

  /** Next wall time the device re-publishes its status with its service (every 15 minutes). */
  private nextServiceWall = 0;

  /** What the device sends on connect: status with its service, info, settings, a first measurement round. */
  connect(state: SiteState, wallMs: number): SiteOutput[] {
    this.nextServiceWall = wallMs + 15 * 60_000;
    return [
      { kind: 'status', online: true, service: this.service(wallMs) },
      ...this.bootRecords(),
      ...this.outputs(state, wallMs),
    ];
  }

  /** The status with the service again, once every 15 minutes. */
  statusDue(wallMs: number): SiteOutput[] {
    if (wallMs < this.nextServiceWall) return [];
    this.nextServiceWall = wallMs + 15 * 60_000;
    return [{ kind: 'status', online: true, service: this.service(wallMs) }];
  }

  /** Records sent after connecting: info and settings. */
  bootRecords(): SiteOutput[] {
    const type = this.site.rectifier.rectifier_type;
    return [
      {
        kind: 'oem',
        record: {
          kind: 'rectifier_info',
          rectifier_type: type,
          model: MODELS[type],
          serial: `${type.slice(0, 2).toUpperCase()}${this.site.com_id.slice(3)}`,
          firmware: '1.8.2',
          modules_installed: modulesInstalled(this.site),
        },
      },
      {
        kind: 'oem',
        record: {
          kind: 'rectifier_setting',
          rectifier_type: type,
          float_voltage: 53.5,
          boost_voltage: 55.2,
          low_voltage_alarm: 47,
          llvd_voltage: 46,
          blvd_voltage: 43.2,
          battery_current_limit: round(this.site.battery_max * 0.1, 0),
        },
      },
    ];
  }

  /** Periodic measurement and alarm records at wall time `wallMs`. */
  outputs(state: SiteState, wallMs: number): SiteOutput[] {
    const r = this.random;
    const ac = acAvailable(state);
    if (!ac && this.wasOnAc) this.cycles += 1;
    this.wasOnAc = ac;
    const n = modulesInstalled(this.site);
    if (this.failedModule !== null && state.simMs >= this.failedUntil) this.failedModule = null;
    if (this.failedModule === null && r.chance(0.002)) {
      this.failedModule = r.int(1, n);
      this.failedUntil = state.simMs + r.range(2, 12) * HOUR;
    }
    const load = totalLoad(state);
    const charge =
      ac && state.soc < 1
        ? Math.min(this.site.battery_max * 0.1, this.site.battery_max * 0.5 * (1 - state.soc))
        : 0;
    const batteryCurrent = ac ? charge : -load;
    const output = ac ? load + charge : 0;
    const working = Array.from({ length: n }, (_, i) => i + 1).filter((a) => a !== this.failedModule);
    const shares = working.map(() => 1 + r.normal(0, 0.03));
    const total = shares.reduce((a, b) => a + b, 0);
    const currents = new Map(working.map((a, i) => [a, round((output * (shares[i] as number)) / total)]));
    // Rounding must not break the sum: the last working module takes the remainder.
    const last = working[working.length - 1] as number;
    const others = working.slice(0, -1).reduce((sum, a) => sum + (currents.get(a) ?? 0), 0);
    currents.set(last, round(output - others));
    const temps = Array.from({ length: n }, (_, i) =>
      round(state.temperatureC + 8 + 0.15 * (currents.get(i + 1) ?? 0) + r.normal(0, 0.8), 0),
    );
    const dhaka = new Date(wallMs + this.clockSkewMs + 6 * HOUR);
    const low = state.batteryV <= 47;
    const statusBits =
      (ac ? 1 : 0) |
      (ac ? 0 : 2) |
      (this.failedModule !== null ? 4 : 0) |
      (low ? 8 : 0) |
      (charge > 1 ? 16 : 0);
    const type = this.site.rectifier.rectifier_type;
    const outputs: SiteOutput[] = [
      {
        kind: 'oem',
        record: {
          kind: 'rectifier_measurement',
          rectifier_type: type,
          output_voltage: round(state.batteryV, 2),
          load_current: round(load),
          battery_current: round(batteryCurrent),
          ac_input_voltage: ac ? round(state.mainsOn ? state.phases[0] : 225 + r.normal(0, 3)) : 0,
          ac_frequency: ac ? round(50 + r.normal(0, 0.1), 2) : 0,
          modules: Array.from({ length: n }, (_, i) => ({
            address: i + 1,
            output_current: currents.get(i + 1) ?? 0,
            temperature: temps[i] as number,
            status: i + 1 === this.failedModule ? ('fail' as const) : ac ? ('ok' as const) : ('off' as const),
          })),
          clock: {
            year: dhaka.getUTCFullYear() % 100,
            month: dhaka.getUTCMonth() + 1,
            date: dhaka.getUTCDate(),
            hour: dhaka.getUTCHours(),
            minute: dhaka.getUTCMinutes(),
            seconds: dhaka.getUTCSeconds(),
          },
          status_bits: statusBits,
        },
      },
      {
        kind: 'oem',
        record: {
          kind: 'rectifier_alarm',
          rectifier_type: type,
          alarms: [
            { code: 'AC_FAIL', name: 'AC Input Fail', active: !ac, severity: 'major' },
            { code: 'BATT_LOW', name: 'Battery Low Voltage', active: low, severity: 'critical' },
            {
              code: 'MODULE_FAIL',
              name: 'Rectifier Module Fail',
              active: this.failedModule !== null,
              severity: 'major',
            },
            {
              code: 'HIGH_TEMP',
              name: 'Module High Temperature',
              active: temps.some((t) => t > 65),
              severity: 'minor',
            },
          ],
        },
      },
    ];
    for (let address = 1; address <= this.batteries; address++)
      outputs.push(...this.battery(state, address, batteryCurrent));
    if (this.buggyBms && r.chance(0.3))
      outputs.push({
        kind: 'raw',
        topic: 'oem',
        payload: {
          kind: 'bms_measurement',
          address: 1,
          soc: 255,
          soh: 255,
          voltage: 0,
          current: 0,
          cell_voltages: [],
        },
      });
    return outputs;
  }

  /** One battery string: measurement and alarms. Strings share the battery current. */
  private battery(state: SiteState, address: number, batteryCurrent: number): SiteOutput[] {
    const days = Math.max(0, (state.simMs - this.startSim) / DAY);
    const weak = address === 1 ? this.weakCell : null;
    const soh = Math.max(50, this.sohStart + (address - 1) * 2 - days * (weak === null ? 0.01 : 0.03));
    const discharging = batteryCurrent < 0;
    const drift = weak === null ? 0 : Math.min(0.25, 0.03 + 0.004 * days) + (discharging ? 0.04 : 0);
    const voltage = state.batteryV;
    const base = (voltage + drift) / CELLS;
    const noise = this.cellNoise[address - 1] ?? [];
    const cells = Array.from({ length: CELLS }, (_, i) =>
      round(Math.max(0, base + (noise[i] ?? 0) + this.random.normal(0, 0.002) - (i === weak ? drift : 0)), 3),
    );
    const min = Math.min(...cells);
    const spread = Math.max(...cells) - min;
    const temperature = round(state.temperatureC - 1 + address * 0.4, 1);
    const soc = round(state.soc * 100, 0);
    return [
      {
        kind: 'oem',
        record: {
          kind: 'bms_measurement',
          address,
          soc,
          soh: round(soh, 1),
          voltage: round(voltage, 2),
          current: round(batteryCurrent / this.batteries),
          temperature,
          cell_voltages: cells,
          cycle_count: this.cycles + (address - 1) * 7,
        },
      },
      {
        kind: 'oem',
        record: {
          kind: 'bms_alarm',
          address,
          alarms: [
            { code: 'CELL_UV', name: 'Cell Under Voltage', active: min < 3.0, severity: 'major' },
            { code: 'CELL_IMBALANCE', name: 'Cell Imbalance', active: spread > 0.1, severity: 'minor' },
            { code: 'LOW_SOC', name: 'Low State of Charge', active: soc < 20, severity: 'critical' },
            {
              code: 'HIGH_TEMP',
              name: 'Battery High Temperature',
              active: temperature > 45,
              severity: 'major',
            },
          ],
        },
      },
    ];
  }
}
