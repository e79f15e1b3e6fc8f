/**
 * Pure per-site state machine of a simulated RMS controller. Stepped with wall-clock times from an
 * injected clock; physics run `rate` times faster than the wall clock. All randomness comes from a
 * seeded generator, so the same seed, site and step times give the same outputs.
 */
import type { CommandMessage, PinReading } from '@towerwatch/contract';
import type { DemoSite, Random } from '@towerwatch/fleet';
import { createRandom, mixSeed, PIN_LAYOUT } from '@towerwatch/fleet';
import { hazard, outageRatePerHour } from './physics.ts';
import { applyAccessListChunk, createDeviceAccessList, onlineStatus, swipe } from './site-access.ts';
import { advanceAccess, advanceEpisodes } from './site-episodes.ts';
import { advanceFuel } from './site-fuel.ts';
import { createInitialState } from './site-init.ts';
import { SiteOem } from './site-oem.ts';
import { advanceClimate, advanceDg, restoreMains, startOutage, updateElectrical } from './site-power.ts';
import { applyScenarioTo, type ScenarioName } from './site-scenarios.ts';
import {
  changeThreshold,
  type SiteBehaviourRates,
  type SiteContext,
  type SiteOutput,
  type SiteState,
  siteReadings,
} from './site-state.ts';

const MINUTE = 60_000;

/** Rates (per simulated hour) and probabilities of the site's behaviour. */
export type SiteBehaviour = SiteBehaviourRates;

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

export { isScenarioName, SCENARIOS, type ScenarioName } from './site-scenarios.ts';

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
  private readonly ctx: SiteContext;
  private readonly rate: number;
  private readonly startWall: number;
  private readonly snapshotEveryMs: number;
  private readonly oemEveryMs: number;
  private nextSnapshotWall: number;
  /** Offset of this site's periodic snapshots within the interval, so a fleet does not publish in bursts. */
  private readonly snapshotStagger: number;
  private nextOemWall: number;
  private readonly published = new Map<string, number>();
  private readonly acks = new Map<string, SiteOutput>();
  private readonly oem: SiteOem;
  private get state(): SiteState {
    return this.ctx.state;
  }

  private get random(): Random {
    return this.ctx.random;
  }

  private get behaviour(): SiteBehaviour {
    return this.ctx.behaviour;
  }

  constructor(site: DemoSite, options: SiteModelOptions) {
    this.site = site;
    const random = createRandom(mixSeed(options.seed, hashString(site.com_id)));
    this.rate = options.rate ?? 1;
    this.startWall = options.startMs;
    this.snapshotEveryMs = options.snapshotEveryMs ?? MINUTE;
    this.oemEveryMs = options.oemEveryMs ?? 5 * MINUTE;
    // Stagger periodic messages over the interval so a fleet does not publish in bursts.
    this.nextSnapshotWall = options.startMs;
    this.snapshotStagger = hashString(`${site.com_id}/snapshot`) % this.snapshotEveryMs;
    this.nextOemWall = options.startMs + Math.floor(random.next() * this.oemEveryMs);
    const cards = Array.from({ length: 3 }, () => String(random.int(1_000_000, 9_999_999)).padStart(10, '0'));
    this.oem = new SiteOem(site, options.seed, Math.round(random.range(80, 98)), options.startMs);
    this.ctx = {
      site,
      random,
      fuelRandom: createRandom(mixSeed(options.seed, hashString(`${site.com_id}/fuel`))),
      rate: this.rate,
      behaviour: { ...DEFAULT_BEHAVIOUR, ...options.behaviour },
      cards,
      access: createDeviceAccessList(),
      wallMs: options.startMs,
      state: createInitialState(site, random, options.startMs, options.initial ?? 'varied'),
    };
  }

  /** Sets the DG fuel level (%), e.g. to the level the server last saw before a fuel scenario. */
  setFuelLevel(pct: number): void {
    this.state.fuelPct = Math.min(100, Math.max(0, pct));
    this.state.fuelSensorPct = this.state.fuelPct;
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

  /** What a device publishes right after it connects: status, OEM records, a full snapshot. */
  connectOutputs(wallMs: number): SiteOutput[] {
    this.nextSnapshotWall = wallMs + this.snapshotStagger;
    return [...this.withAccessVersion(this.oem.connect(this.state, wallMs)), this.fullSnapshot()];
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
    this.ctx.wallMs = wallMs;
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
    return applyScenarioTo(this.ctx, name, () => this.fullSnapshot());
  }

  /** A card swiped at the reader now (the simulator's test hook and its new-card visits). */
  swipe(cardNumber: string, wallMs: number): SiteOutput[] {
    this.ctx.wallMs = wallMs;
    if (!this.site.has_acs || !this.state.online) return [];
    const outputs = swipe(this.ctx, cardNumber, wallMs, this.random.range(5, 20) * MINUTE);
    const changed = this.changedReadings();
    if (changed.length > 0) outputs.push({ kind: 'pins', readings: changed });
    return outputs;
  }

  /** The access list the controller holds. */
  accessList(): { version: number; cards: string[] } {
    return { version: this.ctx.access.version, cards: [...this.ctx.access.entries.keys()].sort() };
  }

  /** Cards added or removed by the last applied small list change (a person issuing one card), once. */
  takeRecentCards(): string[] {
    const cards = this.recentCards;
    this.recentCards = [];
    return cards;
  }

  private recentCards: string[] = [];

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
      case 'access_list': {
        if (!this.site.has_acs) return [ack(false, 'unsupported')];
        const result = applyAccessListChunk(this.ctx.access, command.params);
        const moved = [...result.added, ...result.removed];
        if (result.applied && moved.length > 0 && moved.length <= 5) this.recentCards = moved;
        // A new version applied: the retained status tells the version held (docs/device-protocol.md §3).
        return result.applied ? [ack(true), onlineStatus(this.ctx)] : [ack(true)];
      }
      case 'clear_lock_open_fail':
        outputs.push(ack(true));
        if (s.lockOpenFail) {
          s.lockOpenFail = false;
          outputs.push({ kind: 'events', event: 'lock_open_fail', value: 0 });
        }
        break;
    }
    updateElectrical(this.ctx, 0);
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
      outputs.push(...this.oem.outputs(this.state, wallMs));
    }
    outputs.push(...this.withAccessVersion(this.oem.statusDue(wallMs)));
    return outputs;
  }

  /** The status of an access controller also carries the access-list version it holds (reconcile). */
  private withAccessVersion(outputs: SiteOutput[]): SiteOutput[] {
    return outputs.map((output) =>
      output.kind === 'status' ? { ...output, ...onlineStatus(this.ctx) } : output,
    );
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
        startOutage(this.ctx, minutes * MINUTE);
      }
    } else if (s.outageEndsAt !== null && now >= s.outageEndsAt) {
      restoreMains(this.ctx);
    }

    // Diesel generator
    if (this.site.has_dg) advanceDg(this.ctx, now, dt, out);

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

    if (episodes) advanceEpisodes(this.ctx, now, dt, out);
    if (episodes) advanceFuel(this.ctx, now, dt);
    advanceAccess(this.ctx, now, out);
    updateElectrical(this.ctx, dt);
    advanceClimate(this.ctx, now, dt);
  }
}
