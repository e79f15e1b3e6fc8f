/**
 * Pure per-site state machine of a simulated RMS controller. Stepped with wall-clock times from an
 * injected clock; physics run `rate` times faster than the wall clock. All randomness comes from a
 * seeded generator, so the same seed, site and step times give the same outputs.
 */
import type { CommandMessage, PinReading } from '@towerwatch/contract';
import type { DemoSite, Random } from '@towerwatch/fleet';
import { createRandom, mixSeed, PIN_LAYOUT } from '@towerwatch/fleet';
import {
  BATTERY,
  chargeVoltage,
  clamp01,
  dhakaHour,
  dischargeVoltage,
  hazard,
  outageRatePerHour,
  outdoorHumidity,
  outdoorTemperature,
} from './physics.ts';
import { createInitialState } from './site-init.ts';
import {
  acAvailable,
  changeThreshold,
  type SiteOutput,
  type SiteState,
  siteReadings,
  totalLoad,
} from './site-state.ts';
import { oemOutputs, rectifierInfo } from './site-oem.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Rates (per simulated hour) and probabilities of the site's behaviour. */
export interface SiteBehaviour {
  /** Grid outages per hour at the base hour (evening ×2, afternoon ×1.3, night ×0.5). */
  outagesPerHour: number;
  /** Chance that one DG start attempt fails. */
  dgStartFailProbability: number;
  /** Chance that an unlock command finds the lock jammed. */
  lockJamProbability: number;
  /** Random episodes other than outages: visits, breaches, vibration, overload, offline, ... */
  episodes: boolean;
}

export const DEFAULT_BEHAVIOUR: SiteBehaviour = {
  outagesPerHour: 0.12,
  dgStartFailProbability: 0.1,
  lockJamProbability: 0.03,
  episodes: true,
};

export interface SiteModelOptions {
  /** Behaviour seed (the simulator's `--seed`). */
  seed: number;
  /** Wall-clock time of the first step (epoch ms); simulated time starts here too. */
  startMs: number;
  /** Simulated seconds per wall second (default 1). */
  rate?: number;
  /** `varied` (default) starts some sites mid-outage, with low fuel, open door, ...; `normal` starts calm. */
  initial?: 'varied' | 'normal';
  behaviour?: Partial<SiteBehaviour>;
  /** Full pin snapshot every this many wall ms (default 60 s). */
  snapshotEveryMs?: number;
  /** OEM records every this many wall ms (default 5 min). */
  oemEveryMs?: number;
}

/** Scenarios that force a site into a state at once (`--scenario`). */
export const SCENARIOS = [
  'mains-fail',
  'mains-restore',
  'dc-low-voltage',
  'door-open',
  'security-breach',
  'high-temperature',
  'dg-on',
  'device-offline',
  'overload',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export function isScenarioName(value: string): value is ScenarioName {
  return (SCENARIOS as readonly string[]).includes(value);
}

/** FNV-1a hash of a string, to give every site its own random stream from one seed. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class SiteModel {
  readonly site: DemoSite;
  private readonly random: Random;
  private readonly rate: number;
  private readonly behaviour: SiteBehaviour;
  private readonly startWall: number;
  private readonly snapshotEveryMs: number;
  private readonly oemEveryMs: number;
  private nextSnapshotWall: number;
  /** Offset of this site's periodic snapshots within the interval, so a fleet does not publish in bursts. */
  private readonly snapshotStagger: number;
  private nextOemWall: number;
  private readonly published = new Map<string, number>();
  private readonly cards: string[];
  private readonly acks = new Map<string, SiteOutput>();
  private readonly soh: number;
  private state: SiteState;

  constructor(site: DemoSite, options: SiteModelOptions) {
    this.site = site;
    this.random = createRandom(mixSeed(options.seed, hashString(site.com_id)));
    this.rate = options.rate ?? 1;
    this.behaviour = { ...DEFAULT_BEHAVIOUR, ...options.behaviour };
    this.startWall = options.startMs;
    this.snapshotEveryMs = options.snapshotEveryMs ?? MINUTE;
    this.oemEveryMs = options.oemEveryMs ?? 5 * MINUTE;
    // Stagger periodic messages over the interval so a fleet does not publish in bursts.
    this.nextSnapshotWall = options.startMs;
    this.snapshotStagger = hashString(`${site.com_id}/snapshot`) % this.snapshotEveryMs;
    this.nextOemWall = options.startMs + Math.floor(this.random.next() * this.oemEveryMs);
    this.cards = Array.from({ length: 3 }, () =>
      String(this.random.int(1_000_000, 9_999_999)).padStart(10, '0'),
    );
    this.soh = Math.round(this.random.range(80, 98));
    this.state = createInitialState(site, this.random, options.startMs, options.initial ?? 'varied');
  }

  /** A copy of the current state (for tests and diagnostics). */
  snapshotState(): SiteState {
    return structuredClone(this.state);
  }

  get online(): boolean {
    return this.state.online;
  }

  /** Simulated time at a wall time. */
  simTime(wallMs: number): number {
    return this.startWall + (wallMs - this.startWall) * this.rate;
  }

  /** What a device publishes right after it connects: status, rectifier info, a full snapshot. */
  connectOutputs(wallMs: number): SiteOutput[] {
    this.nextSnapshotWall = wallMs + this.snapshotStagger;
    return [{ kind: 'status', online: true }, rectifierInfo(this.site), this.fullSnapshot()];
  }

  /** A full pin snapshot (also resets change detection). */
  fullSnapshot(): SiteOutput {
    const readings = siteReadings(this.site, this.state);
    for (const reading of readings) this.published.set(reading.pin, reading.value);
    return { kind: 'pins', readings };
  }

  /** Advances the site to `wallMs` and returns what the device publishes meanwhile. */
  step(wallMs: number): SiteOutput[] {
    const outputs: SiteOutput[] = [];
    const wasOnline = this.state.online;
    const target = this.simTime(wallMs);
    while (this.state.simMs < target) {
      const dt = Math.min(MINUTE, target - this.state.simMs);
      this.state.simMs += dt;
      this.advance(dt, outputs);
    }
    if (!this.state.online) {
      // Offline: nothing leaves the device except the transition itself.
      return wasOnline ? [{ kind: 'status', online: false }] : [];
    }
    if (!wasOnline) return this.connectOutputs(wallMs);
    outputs.push(...this.periodic(wallMs));
    return outputs;
  }

  /** Forces a scenario now and returns the messages that show it. */
  applyScenario(name: ScenarioName): SiteOutput[] {
    const s = this.state;
    const now = s.simMs;
    const outputs: SiteOutput[] = [];
    switch (name) {
      case 'mains-fail':
        this.startOutage(this.random.range(60, 120) * MINUTE);
        break;
      case 'mains-restore':
        this.restoreMains();
        break;
      case 'dc-low-voltage':
        this.startOutage(8 * HOUR);
        s.dg = this.site.has_dg ? 'failed' : 'off';
        s.dgActionAt = null;
        s.pgOn = false;
        s.pgStartAt = null;
        s.soc = Math.min(s.soc, 0.25);
        break;
      case 'door-open':
        outputs.push(...this.startVisit(this.random.range(10, 30) * MINUTE, false));
        break;
      case 'security-breach':
        outputs.push(...this.startBreach());
        break;
      case 'high-temperature':
        s.coolingFailUntil = now + 2 * HOUR;
        s.temperatureC = Math.max(s.temperatureC, 47.5);
        break;
      case 'dg-on':
        this.startOutage(this.random.range(60, 120) * MINUTE);
        s.dg = 'on';
        s.dgActionAt = null;
        s.fuelPct = Math.max(s.fuelPct, 50);
        break;
      case 'device-offline':
        s.online = false;
        s.offlineUntil = now + 30 * MINUTE;
        return [{ kind: 'status', online: false }];
      case 'overload': {
        const tenant = this.site.tenants[0];
        const load = tenant ? s.loads[tenant] : undefined;
        if (load) {
          load.mode = 'over';
          load.until = now + HOUR;
        }
        break;
      }
    }
    this.updateElectrical(0);
    outputs.push(this.fullSnapshot());
    return outputs;
  }

  /** Executes a command from the server and returns its ack plus the resulting messages. */
  handleCommand(command: CommandMessage, wallMs: number): SiteOutput[] {
    const previous = this.acks.get(command.cmd_id);
    if (previous) return [previous];
    const outputs: SiteOutput[] = [];
    const ack = (ok: boolean, error?: string): SiteOutput => {
      const output: SiteOutput = error
        ? { kind: 'cmd/ack', cmd_id: command.cmd_id, ok, error }
        : { kind: 'cmd/ack', cmd_id: command.cmd_id, ok };
      this.acks.set(command.cmd_id, output);
      if (this.acks.size > 200) this.acks.delete(this.acks.keys().next().value as string);
      return output;
    };
    const s = this.state;
    if (command.expires_at !== undefined && command.expires_at < wallMs) return [ack(false, 'expired')];
    switch (command.command) {
      case 'unlock': {
        if (!this.site.has_acs) return [ack(false, 'unsupported')];
        if (this.random.chance(this.behaviour.lockJamProbability)) {
          s.lockOpenFail = true;
          return [
            ack(false, 'lock_jammed'),
            { kind: 'events', event: 'lock_open_fail', pin: PIN_LAYOUT.lock },
          ];
        }
        s.lockOpen = true;
        s.relockAt = s.simMs + command.params.duration_s * 1000;
        outputs.push(ack(true));
        break;
      }
      case 'digital_control': {
        const { pin, value } = command.params;
        if (pin === PIN_LAYOUT.lockRelease && this.site.has_acs) {
          s.lockOpen = value === 1;
          s.relockAt = null;
        } else if (pin === PIN_LAYOUT.dgRemoteStart && this.site.has_dg) {
          if (value === 1 && s.fuelPct > 2) s.dg = 'on';
          if (value === 0 && (s.dg === 'on' || s.dg === 'cooldown')) s.dg = 'off';
          s.dgActionAt = null;
        }
        outputs.push(ack(true));
        break;
      }
      case 'clear_security_breach':
        outputs.push(ack(true));
        if (s.breach) {
          s.breach = false;
          s.breachClearAt = null;
          outputs.push({ kind: 'events', event: 'security_breach_cleared' });
        }
        break;
      case 'clear_lock_open_fail':
        outputs.push(ack(true));
        if (s.lockOpenFail) {
          s.lockOpenFail = false;
          outputs.push({ kind: 'events', event: 'lock_open_fail', value: 0 });
        }
        break;
    }
    this.updateElectrical(0);
    const changed = this.changedReadings();
    if (changed.length > 0) outputs.push({ kind: 'pins', readings: changed });
    return outputs;
  }

  // ---- periodic publishing --------------------------------------------------------------------

  private periodic(wallMs: number): SiteOutput[] {
    const outputs: SiteOutput[] = [];
    if (wallMs >= this.nextSnapshotWall) {
      this.nextSnapshotWall = wallMs + this.snapshotEveryMs;
      outputs.push(this.fullSnapshot());
    } else {
      const changed = this.changedReadings();
      if (changed.length > 0) outputs.push({ kind: 'pins', readings: changed });
    }
    if (wallMs >= this.nextOemWall) {
      this.nextOemWall = wallMs + this.oemEveryMs;
      outputs.push(...oemOutputs(this.site, this.state, this.soh, this.random));
    }
    return outputs;
  }

  private changedReadings(): PinReading[] {
    const changed: PinReading[] = [];
    for (const reading of siteReadings(this.site, this.state)) {
      const last = this.published.get(reading.pin);
      if (last === undefined || Math.abs(reading.value - last) >= changeThreshold(reading.pin)) {
        changed.push(reading);
        this.published.set(reading.pin, reading.value);
      }
    }
    return changed;
  }

  // ---- physics --------------------------------------------------------------------------------

  private startOutage(durationMs: number): void {
    const s = this.state;
    s.mainsOn = false;
    s.outageEndsAt = s.simMs + durationMs;
    if (this.site.has_dg && (s.dg === 'off' || s.dg === 'cooldown')) {
      s.dg = s.dg === 'cooldown' ? 'on' : 'waiting';
      s.dgActionAt = s.dg === 'waiting' ? s.simMs + this.random.range(3, 8) * MINUTE : null;
      s.dgAttempts = 0;
    }
  }

  private restoreMains(): void {
    const s = this.state;
    s.mainsOn = true;
    s.outageEndsAt = null;
    if (s.dg === 'on') {
      s.dg = 'cooldown';
      s.dgActionAt = s.simMs + 2 * MINUTE;
    } else if (s.dg === 'waiting' || s.dg === 'failed') {
      s.dg = 'off';
      s.dgActionAt = null;
    }
    s.pgOn = false;
    s.pgStartAt = null;
  }

  private advance(dt: number, out: SiteOutput[]): void {
    const s = this.state;
    const now = s.simMs;
    const r = this.random;
    const episodes = this.behaviour.episodes;

    // Grid
    if (s.mainsOn) {
      const rate = outageRatePerHour(now, this.behaviour.outagesPerHour);
      if (rate > 0 && r.chance(hazard(rate, dt))) {
        const minutes = r.chance(0.15) ? r.range(150, 300) : 20 + Math.min(120, -Math.log(1 - r.next()) * 50);
        this.startOutage(minutes * MINUTE);
      }
    } else if (s.outageEndsAt !== null && now >= s.outageEndsAt) {
      this.restoreMains();
    }

    // Diesel generator
    if (this.site.has_dg) this.advanceDg(now, dt, out);

    // Grid (portable) generator brought when the battery runs down during a long outage
    if (this.site.has_pg) {
      if (!s.mainsOn && !s.pgOn && s.pgStartAt === null && s.dg !== 'on' && s.soc < 0.6) {
        s.pgStartAt = now + r.range(20, 45) * MINUTE;
      }
      if (s.pgStartAt !== null && now >= s.pgStartAt) {
        s.pgOn = true;
        s.pgStartAt = null;
      }
    }

    if (episodes) this.advanceEpisodes(now, dt, out);
    this.advanceAccess(now, out);
    this.updateElectrical(dt);
    this.advanceClimate(now, dt);
  }

  private advanceDg(now: number, dt: number, out: SiteOutput[]): void {
    const s = this.state;
    if (s.dg === 'waiting' && s.dgActionAt !== null && now >= s.dgActionAt) {
      s.dgAttempts += 1;
      if (s.fuelPct <= 2 || this.random.chance(this.behaviour.dgStartFailProbability)) {
        if (!s.dgStartFailActive) out.push({ kind: 'events', event: 'dg_start_fail' });
        s.dgStartFailActive = true;
        if (s.dgAttempts < 3 && s.fuelPct > 2) s.dgActionAt = now + 10 * MINUTE;
        else {
          s.dg = 'failed';
          s.dgActionAt = null;
        }
      } else {
        s.dg = 'on';
        s.dgActionAt = null;
      }
    }
    if (s.dgStartFailActive && (s.dg === 'on' || s.mainsOn)) {
      s.dgStartFailActive = false;
      out.push({ kind: 'events', event: 'dg_start_fail', value: 0 });
    }
    if (s.dg === 'cooldown' && s.dgActionAt !== null && now >= s.dgActionAt) {
      s.dg = 'off';
      s.dgActionAt = null;
    }
    if (s.dg === 'on' || s.dg === 'cooldown') {
      // ~2.5 L/h at partial load of a 10–15 kVA set
      const tank = this.site.power.dg_tank_litres ?? 150;
      s.fuelPct = Math.max(0, s.fuelPct - ((2.5 * dt) / HOUR / tank) * 100);
      if (s.fuelPct <= 0) {
        s.dg = 'failed';
        s.dgActionAt = null;
      }
    }
  }

  private advanceEpisodes(now: number, dt: number, out: SiteOutput[]): void {
    const s = this.state;
    const r = this.random;
    const hour = dhakaHour(now);

    // DC load per tenant: occasional overload or no-load (equipment down)
    for (const tenant of this.site.tenants) {
      const load = s.loads[tenant];
      if (!load) continue;
      if (load.mode !== 'normal' && load.until !== null && now >= load.until) {
        load.mode = 'normal';
        load.until = null;
      } else if (load.mode === 'normal') {
        if (r.chance(hazard(0.004, dt))) {
          load.mode = 'over';
          load.until = now + r.range(20, 90) * MINUTE;
        } else if (r.chance(hazard(0.003, dt))) {
          load.mode = 'none';
          load.until = now + r.range(15, 60) * MINUTE;
        }
      }
    }

    // Shelter cooling failure → rare high temperature
    if (s.coolingFailUntil !== null && now >= s.coolingFailUntil) s.coolingFailUntil = null;
    else if (s.coolingFailUntil === null && r.chance(hazard(0.002, dt))) {
      s.coolingFailUntil = now + r.range(60, 180) * MINUTE;
    }

    // Device offline (power cycle, modem fault)
    if (s.online && r.chance(hazard(0.002, dt))) {
      s.online = false;
      s.offlineUntil = now + r.range(20, 180) * MINUTE;
    }

    if (!this.site.has_acs) return;
    // Technician visits, mostly in the daytime; a refuel visit when fuel runs low
    if (s.visitEndsAt === null && !s.breach && !s.doorOpen) {
      const lowFuel = this.site.has_dg && s.fuelPct < 15;
      const visitRate = (hour >= 8 && hour < 18 ? 0.06 : 0.01) + (lowFuel ? 0.3 : 0);
      if (r.chance(hazard(visitRate, dt))) {
        if (r.chance(0.05)) {
          out.push({
            kind: 'access',
            card_number: String(r.int(10_000_000, 99_999_999)),
            granted: false,
            reason: 'unknown_card',
          });
        } else {
          out.push(...this.startVisit(r.range(10, 60) * MINUTE, lowFuel));
        }
      } else if (r.chance(hazard(0.0015, dt))) {
        out.push(...this.startBreach());
      }
    }
    // Vibration and motion
    if (s.vibrationUntil === null) {
      if (r.chance(hazard(0.001, dt))) this.startVibration('high_vibration', r.range(80, 100), now, out);
      else if (r.chance(hazard(0.004, dt))) this.startVibration('mild_vibration', r.range(40, 60), now, out);
    }
    if (s.motionUntil === null && s.visitEndsAt === null && r.chance(hazard(0.002, dt))) {
      s.motion = r.range(70, 95);
      s.motionUntil = now + r.range(1, 5) * MINUTE;
      out.push({ kind: 'events', event: 'high_motion', pin: PIN_LAYOUT.motion, value: Math.round(s.motion) });
    }
    // Card reader fault
    if (s.cardReaderFaultUntil === null && r.chance(hazard(0.0005, dt))) {
      s.cardReaderFaultUntil = now + r.range(60, 360) * MINUTE;
      out.push({ kind: 'events', event: 'card_reader_fault' });
    }
  }

  private startVibration(
    event: 'high_vibration' | 'mild_vibration',
    level: number,
    now: number,
    out: SiteOutput[],
  ) {
    const s = this.state;
    s.vibration = level;
    s.vibrationEvent = event;
    s.vibrationUntil = now + this.random.range(1, 3) * MINUTE;
    out.push({ kind: 'events', event, pin: PIN_LAYOUT.vibration, value: Math.round(level) });
  }

  private startVisit(durationMs: number, refuel: boolean): SiteOutput[] {
    const s = this.state;
    const card = this.random.pick(this.cards);
    s.lockOpen = true;
    s.doorOpen = true;
    s.relockAt = null;
    s.visitEndsAt = s.simMs + durationMs;
    s.refuelOnVisitEnd = refuel;
    s.motion = 60;
    return [{ kind: 'access', card_number: card, granted: true, door: 'door1' }];
  }

  private startBreach(): SiteOutput[] {
    const s = this.state;
    s.breach = true;
    s.doorOpen = true;
    s.breachDoorCloseAt = s.simMs + this.random.range(2, 10) * MINUTE;
    // Nobody clears it from the web in a bare simulation: a technician resets it after 1–3 h.
    s.breachClearAt = s.simMs + this.random.range(60, 180) * MINUTE;
    return [{ kind: 'events', event: 'security_breach', pin: PIN_LAYOUT.door }];
  }

  private advanceAccess(now: number, out: SiteOutput[]): void {
    const s = this.state;
    if (s.visitEndsAt !== null && now >= s.visitEndsAt) {
      s.doorOpen = false;
      s.lockOpen = false;
      s.visitEndsAt = null;
      s.motion = 2;
      if (s.refuelOnVisitEnd) s.fuelPct = 95;
      s.refuelOnVisitEnd = false;
    }
    if (s.relockAt !== null && now >= s.relockAt) {
      s.relockAt = null;
      if (s.visitEndsAt === null) s.lockOpen = false;
    }
    if (s.breachDoorCloseAt !== null && now >= s.breachDoorCloseAt) {
      s.breachDoorCloseAt = null;
      if (s.visitEndsAt === null) s.doorOpen = false;
    }
    if (s.breach && s.breachClearAt !== null && now >= s.breachClearAt) {
      s.breach = false;
      s.breachClearAt = null;
      out.push({ kind: 'events', event: 'security_breach_cleared' });
    }
    if (s.vibrationUntil !== null && now >= s.vibrationUntil) {
      out.push({
        kind: 'events',
        event: s.vibrationEvent ?? 'mild_vibration',
        pin: PIN_LAYOUT.vibration,
        value: 0,
      });
      s.vibrationUntil = null;
      s.vibrationEvent = null;
      s.vibration = 2;
    }
    if (s.motionUntil !== null && now >= s.motionUntil) {
      out.push({ kind: 'events', event: 'high_motion', pin: PIN_LAYOUT.motion, value: 0 });
      s.motionUntil = null;
      if (s.visitEndsAt === null) s.motion = 2;
    }
    if (s.cardReaderFaultUntil !== null && now >= s.cardReaderFaultUntil) {
      s.cardReaderFaultUntil = null;
      out.push({ kind: 'events', event: 'card_reader_fault', value: 0 });
    }
    if (!s.online && s.offlineUntil !== null && now >= s.offlineUntil) {
      s.online = true;
      s.offlineUntil = null;
    }
  }

  /** Loads, battery and mains phase voltages for the current state; `dt` = 0 only re-derives. */
  private updateElectrical(dt: number): void {
    const s = this.state;
    const r = this.random;
    const hour = dhakaHour(s.simMs);
    const traffic = 1 + 0.1 * Math.sin(((hour - 14) / 24) * 2 * Math.PI);
    const ac = acAvailable(s);
    for (const tenant of this.site.tenants) {
      const load = s.loads[tenant];
      const nominal = this.site.power.nominal_load_a[tenant] ?? 20;
      if (!load) continue;
      let amps = nominal * traffic * (1 + r.normal(0, 0.02));
      if (load.mode === 'over') amps = Math.max(nominal * 1.7, 65) * (1 + r.normal(0, 0.02));
      if (load.mode === 'none' || s.siteDown) amps = 0;
      load.critical = amps * 0.7;
      // LLVD sheds non-critical loads when the bank runs low without AC
      load.nonCritical = !ac && s.batteryV <= BATTERY.llvdV ? 0 : amps * 0.3;
    }
    const load = totalLoad(s);
    const dtHours = dt / HOUR;
    if (ac) {
      s.soc = clamp01(s.soc + BATTERY.chargeRate * dtHours);
      // the rectifier reconnects the battery and loads as soon as AC is back
      s.siteDown = false;
      s.batteryV = chargeVoltage(s.soc) + r.normal(0, 0.02);
    } else if (s.siteDown) {
      s.batteryV = dischargeVoltage(s.soc, 0, this.site.battery_max) + r.normal(0, 0.02);
    } else {
      s.soc = clamp01(s.soc - (load * dtHours) / this.site.battery_max);
      s.batteryV = dischargeVoltage(s.soc, load, this.site.battery_max) + r.normal(0, 0.02);
      if (s.batteryV <= BATTERY.blvdV) {
        s.siteDown = true;
        for (const tenantLoad of Object.values(s.loads)) {
          if (tenantLoad) {
            tenantLoad.critical = 0;
            tenantLoad.nonCritical = 0;
          }
        }
      }
    }
    const phase = () => (s.mainsOn ? 230 + r.normal(0, 4) : 0);
    s.phases = [phase(), phase(), phase()];
  }

  private advanceClimate(now: number, dt: number): void {
    const s = this.state;
    const cooling = acAvailable(s) && s.coolingFailUntil === null;
    const target = outdoorTemperature(now) + (cooling ? 2 : 8) + (s.coolingFailUntil !== null ? 8 : 0);
    const k = 1 - Math.exp(-dt / (40 * MINUTE));
    s.temperatureC += (target - s.temperatureC) * k + this.random.normal(0, 0.05);
    const rhTarget = outdoorHumidity(now) - (cooling ? 12 : 3);
    s.humidity += (rhTarget - s.humidity) * k;
  }
}
