/** The running fleet simulator: site models stepped on a timer, published over MQTT. */
import type { DeviceTopicKind } from '@towerwatch/contract';
import { buildDemoFleet, type DemoFleet, demoDevicePassword } from '@towerwatch/fleet';
import { createMsgIdSource, type DeviceMessage, toDeviceMessage } from './device-message.ts';
import { createPerDeviceLink, createSharedLink, type Link, type LinkEvents } from './links.ts';
import { type ScenarioName, type SiteBehaviour, SiteModel } from './site-model.ts';
import type { SiteOutput } from './site-state.ts';

/** The embedded broker of the Towerwatch server. */
export const DEFAULT_MQTT_URL = 'mqtt://127.0.0.1:1884';
/** Default time acceleration: 10 simulated seconds per wall second. */
export const DEFAULT_RATE = 10;
/** Default behaviour seed. */
export const DEFAULT_SIM_SEED = 1;

export interface Clock {
  now(): number;
}

export interface SimulatorOptions {
  mqttUrl?: string;
  /** Default: `buildDemoFleet()` (the fleet the server seeds). */
  fleet?: DemoFleet;
  /** Simulate only the first N sites of the fleet. */
  sites?: number;
  /** Behaviour seed (not the fleet seed). */
  seed?: number;
  /**
   * Time acceleration: simulated seconds per wall second (default 10). Message timestamps are
   * always wall-clock time; only the physics (outage lengths, battery drain, visits) run faster.
   */
  rate?: number;
  clock?: Clock;
  /**
   * Wall ms after which a card added or removed by a small access-list change (≤ 5 cards) is swiped
   * at that site (the engineer tries the new card; a removed card is refused). Default 1500; -1: never.
   */
  recentCardSwipeMs?: number;
  /** Wall ms between steps (default 5000). 0: no timer, call `tick()` yourself. */
  tickMs?: number;
  /** `per-device` (default): each device connects with its own credentials. `shared`: one connection. */
  connection?: 'per-device' | { shared: { username?: string; password?: string } };
  /** Device passwords for per-device connections (default: the demo password). */
  devicePassword?: (comId: string) => string;
  initial?: 'varied' | 'normal';
  behaviour?: Partial<SiteBehaviour>;
  /** Full pin snapshot interval per site, wall ms (default 60 s). */
  snapshotEveryMs?: number;
  log?: (line: string) => void;
}

export interface SimulatorStats {
  sites: number;
  published: Partial<Record<DeviceTopicKind, number>>;
  errors: number;
  commands: number;
}

export interface SimulatorHandle {
  /** Steps every site to the clock's now and publishes (the timer calls this). */
  tick(): void;
  /**
   * Swipes `cardNumber` at the site's reader now (test hook: docs/device-protocol.md "Simulator test
   * hooks"); returns the access message the device published, or null (site unknown, no ACS, offline).
   */
  swipe(siteUid: string, cardNumber: string): { granted: boolean; reason?: string } | null;
  /** The access list the site's simulated controller holds. */
  accessList(siteUid: string): { version: number; cards: string[] } | null;
  /** Forces a scenario on a running site; its state continues from there. */
  triggerScenario(siteUid: string, scenario: ScenarioName): void;
  /**
   * Stops a site's device as if it lost power: its connection drops without DISCONNECT (the broker
   * publishes its last will) and it stays silent until {@link SimulatorHandle.startDevice}.
   */
  stopDevice(siteUid: string): void;
  /** Powers a stopped device on again: it reconnects with status, records and a snapshot. */
  startDevice(siteUid: string): void;
  stats(): SimulatorStats;
  /** Publishes offline status for every device and disconnects. */
  stop(): Promise<void>;
}

/** Starts the simulator. Returns at once; devices connect in the background. */
export function startSimulator(options: SimulatorOptions = {}): SimulatorHandle {
  const clock = options.clock ?? { now: () => Date.now() };
  const fleet = options.fleet ?? buildDemoFleet();
  const sites = fleet.sites.slice(0, options.sites ?? fleet.sites.length);
  const url = options.mqttUrl ?? DEFAULT_MQTT_URL;
  const log = options.log ?? (() => {});
  const start = clock.now();
  const stats: SimulatorStats = { sites: sites.length, published: {}, errors: 0, commands: 0 };
  const models = new Map<string, SiteModel>();
  const byUid = new Map<string, SiteModel>();
  const msgIds = new Map<string, () => string>();
  for (const site of sites) {
    const model = new SiteModel(site, {
      seed: options.seed ?? DEFAULT_SIM_SEED,
      startMs: start,
      rate: options.rate ?? DEFAULT_RATE,
      initial: options.initial ?? 'varied',
      ...(options.behaviour ? { behaviour: options.behaviour } : {}),
      ...(options.snapshotEveryMs ? { snapshotEveryMs: options.snapshotEveryMs } : {}),
    });
    models.set(site.com_id, model);
    byUid.set(site.uid, model);
    msgIds.set(site.com_id, createMsgIdSource(site.com_id, start));
  }

  let link: Link;
  const send = (comId: string, outputs: SiteOutput[]) => {
    const nextId = msgIds.get(comId);
    if (!nextId) return;
    for (const output of outputs) {
      if (output.kind === 'status' && !output.online) {
        link.down(comId);
        continue;
      }
      if (output.kind === 'status') link.up(comId);
      let message: DeviceMessage;
      try {
        message = toDeviceMessage(comId, output, nextId, clock.now());
      } catch (error) {
        stats.errors++;
        log(`${comId}: ${(error as Error).message}`);
        continue;
      }
      link.send(comId, message);
    }
  };
  const events: LinkEvents = {
    onCommand: (comId, command) => {
      const model = models.get(comId);
      if (!model) return;
      stats.commands++;
      send(comId, model.handleCommand(command, clock.now()));
      const recent = model.takeRecentCards();
      const delay = options.recentCardSwipeMs ?? 1500;
      if (recent.length > 0 && delay >= 0) {
        const timer = setTimeout(() => {
          for (const card of recent) send(comId, model.swipe(card, clock.now()));
        }, delay);
        timer.unref?.();
      }
    },
    onError: (comId, error) => {
      stats.errors++;
      log(`${comId}: ${error.message}`);
    },
    onPublished: (message) => {
      stats.published[message.kind] = (stats.published[message.kind] ?? 0) + 1;
    },
  };
  const mode = options.connection ?? 'per-device';
  link =
    mode === 'per-device'
      ? createPerDeviceLink(
          url,
          (comId) => ({ comId, password: (options.devicePassword ?? demoDevicePassword)(comId) }),
          events,
        )
      : createSharedLink(url, mode.shared, events);

  for (const model of models.values()) {
    if (model.online) send(model.site.com_id, model.connectOutputs(start));
  }

  /** Devices stopped by {@link SimulatorHandle.stopDevice}: not stepped, not published. */
  const stopped = new Set<string>();
  const tick = () => {
    const now = clock.now();
    for (const model of models.values())
      if (!stopped.has(model.site.com_id)) send(model.site.com_id, model.step(now));
  };
  const tickMs = options.tickMs ?? 5_000;
  const timer = tickMs > 0 ? setInterval(tick, tickMs) : null;
  log(`simulating ${sites.length} sites against ${url} (rate ×${options.rate ?? DEFAULT_RATE})`);

  return {
    tick,
    swipe(siteUid, cardNumber) {
      const model = byUid.get(siteUid);
      if (!model) return null;
      const outputs = model.swipe(cardNumber, clock.now());
      send(model.site.com_id, outputs);
      const record = outputs.find((o) => o.kind === 'access');
      if (record?.kind !== 'access') return null;
      return record.reason ? { granted: record.granted, reason: record.reason } : { granted: record.granted };
    },
    accessList(siteUid) {
      return byUid.get(siteUid)?.accessList() ?? null;
    },
    triggerScenario(siteUid, scenario) {
      const model = byUid.get(siteUid);
      if (!model) throw new Error(`unknown site ${siteUid}`);
      send(model.site.com_id, model.applyScenario(scenario));
    },
    stopDevice(siteUid) {
      const model = byUid.get(siteUid);
      if (!model) throw new Error(`unknown site ${siteUid}`);
      stopped.add(model.site.com_id);
      link.down(model.site.com_id);
    },
    startDevice(siteUid) {
      const model = byUid.get(siteUid);
      if (!model || !stopped.delete(model.site.com_id)) return;
      if (model.online) send(model.site.com_id, model.connectOutputs(clock.now()));
    },
    stats: () => structuredClone(stats),
    async stop() {
      if (timer) clearInterval(timer);
      // a planned shutdown: say offline explicitly (retained), then disconnect cleanly
      for (const model of models.values()) {
        const nextId = msgIds.get(model.site.com_id);
        if (!model.online || !nextId) continue;
        const offline = toDeviceMessage(
          model.site.com_id,
          { kind: 'status', online: false },
          nextId,
          clock.now(),
        );
        link.send(model.site.com_id, offline);
      }
      await link.close();
    },
  };
}
