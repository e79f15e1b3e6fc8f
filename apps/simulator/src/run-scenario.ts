/** One-shot scenarios: connect as one site's device, publish the scenario's messages, disconnect. */
import { DEVICE_QOS, deviceClientId } from '@towerwatch/contract';
import { buildDemoFleet, type DemoFleet, demoDevicePassword } from '@towerwatch/fleet';
import mqtt from 'mqtt';
import { createMsgIdSource, type DeviceMessage, toDeviceMessage } from './device-message.ts';
import { type Clock, DEFAULT_MQTT_URL, DEFAULT_SIM_SEED } from './simulator.ts';
import { type ScenarioName, SiteModel } from './site-model.ts';

export interface RunScenarioOptions {
  mqttUrl?: string;
  siteUid: string;
  scenario: ScenarioName;
  /** Default: `buildDemoFleet()`. */
  fleet?: DemoFleet;
  seed?: number;
  clock?: Clock;
  /**
   * DG fuel level (%) the site has now (e.g. `levelPct` of GET /fuel/fleet): `fuel-theft` then drops
   * 25 % from it. Default: the calm model's 80 %.
   */
  fuelPct?: number;
  /** MQTT credentials; default: the site device's demo credentials. */
  auth?: { username?: string; password?: string };
}

export interface ScenarioResult {
  comId: string;
  messages: DeviceMessage[];
}

/**
 * Publishes the messages that show `scenario` at `siteUid` (from a calm site state) and resolves
 * once the broker has acknowledged them all (QoS 1). Uses its own client id, so a running
 * simulator's connection for the same device is not replaced.
 */
export async function runScenario(options: RunScenarioOptions): Promise<ScenarioResult> {
  const fleet = options.fleet ?? buildDemoFleet();
  const site = fleet.sites.find((s) => s.uid === options.siteUid);
  if (!site) throw new Error(`unknown site uid ${options.siteUid}`);
  const clock = options.clock ?? { now: () => Date.now() };
  const now = clock.now();
  const model = new SiteModel(site, {
    seed: options.seed ?? DEFAULT_SIM_SEED,
    startMs: now,
    initial: 'normal',
  });
  if (options.fuelPct !== undefined) model.setFuelLevel(options.fuelPct);
  const nextId = createMsgIdSource(site.com_id, now);
  const messages = model
    .applyScenario(options.scenario)
    .map((output) => toDeviceMessage(site.com_id, output, nextId, clock.now()));
  const client = await mqtt.connectAsync(options.mqttUrl ?? DEFAULT_MQTT_URL, {
    clientId: deviceClientId(site.com_id, `scenario-${now.toString(36)}`),
    username: options.auth?.username ?? site.com_id,
    password: options.auth?.password ?? demoDevicePassword(site.com_id),
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  try {
    for (const message of messages) {
      await client.publishAsync(message.topic, JSON.stringify(message.payload), {
        qos: DEVICE_QOS,
        retain: message.retain,
      });
    }
  } finally {
    await client.endAsync();
  }
  return { comId: site.com_id, messages };
}
