/**
 * Integration: the simulator against the system Mosquitto (127.0.0.1:1883, anonymous allowed).
 * Test devices get unique com_ids so parallel runs (and other suites using the demo com_ids on the
 * same broker) cannot interfere.
 */
import {
  commandAckMessage,
  decodeDevicePayload,
  deviceTopics,
  parseDeviceTopic,
  type DeviceTopicKind,
} from '@towerwatch/contract';
import { buildDemoFleet, type DemoFleet } from '@towerwatch/fleet';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from '../src/run-scenario.ts';
import { startSimulator } from '../src/simulator.ts';

const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

interface Received {
  comId: string;
  kind: DeviceTopicKind;
  payload: string;
}

function testFleet(sites: number): DemoFleet {
  const fleet = buildDemoFleet({ sites });
  const tag = `${process.pid.toString(36)}${Date.now().toString(36)}`.toUpperCase();
  const rename = new Map(fleet.sites.map((site, i) => [site.com_id, `T${tag}X${i}`]));
  const comId = (old: string) => rename.get(old) ?? old;
  return {
    ...fleet,
    sites: fleet.sites.map((site) => ({ ...site, com_id: comId(site.com_id) })),
    devices: fleet.devices.map((device) => ({
      ...device,
      com_id: comId(device.com_id),
      mqtt_username: comId(device.com_id),
    })),
    pinConfigs: fleet.pinConfigs.map((config) => ({ ...config, com_id: comId(config.com_id) })),
  };
}

async function waitFor(predicate: () => boolean, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for MQTT messages');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('simulator over MQTT (Mosquitto)', () => {
  let observer: MqttClient;
  const received: Received[] = [];

  beforeAll(async () => {
    observer = await mqtt.connectAsync(MOSQUITTO, { clientId: `tw-sim-test-${process.pid}-${Date.now()}` });
    observer.on('message', (topic, payload, packet) => {
      // retained messages from earlier runs are not this run's traffic
      if (packet.retain) return;
      const parsed = parseDeviceTopic(topic);
      if (parsed)
        received.push({ comId: parsed.comId, kind: parsed.kind, payload: payload.toString('utf8') });
    });
    await observer.subscribeAsync('tw/v1/dev/#', { qos: 1 });
  });

  afterAll(async () => {
    await observer?.endAsync();
  });

  it('publishes valid messages on each device topic, answers commands and says offline on stop', async () => {
    const fleet = testFleet(4);
    const comIds = fleet.sites.map((site) => site.com_id);
    const acsSite = fleet.sites.find((site) => site.has_acs);
    if (!acsSite) throw new Error('test fleet needs a site with access control');
    const simulator = startSimulator({
      mqttUrl: MOSQUITTO,
      fleet,
      seed: 3,
      rate: 600,
      tickMs: 100,
      snapshotEveryMs: 500,
      initial: 'normal',
      // An unlock jams in 3 % of tries (`lockJamProbability`), which would answer ok: false here in one run
      // of ~33 (the fleet's com_ids, and so the site's random draws, change per run); the jam is tested in
      // site-model.test.ts, this test is about the round trip over MQTT.
      behaviour: { lockJamProbability: 0 },
    });
    const mine = () => received.filter((r) => comIds.includes(r.comId));
    try {
      await waitFor(
        () =>
          comIds.every((id) => mine().some((r) => r.comId === id && r.kind === 'pins')) &&
          mine().filter((r) => r.kind === 'pins').length >= 12,
      );
      // a command from the "server": unlock the door of the ACS site
      await observer.publishAsync(
        deviceTopics.cmd(acsSite.com_id),
        JSON.stringify({
          cmd_id: 'it-unlock-1',
          ts: Date.now(),
          command: 'unlock',
          params: { duration_s: 30 },
        }),
        { qos: 1 },
      );
      await waitFor(() => mine().some((r) => r.comId === acsSite.com_id && r.kind === 'cmd/ack'));
    } finally {
      await simulator.stop();
    }
    await waitFor(() =>
      comIds.every((id) =>
        mine().some((r) => r.comId === id && r.kind === 'status' && r.payload.includes('false')),
      ),
    );

    const messages = mine();
    // One BMS site in fifteen runs the buggy firmware of site-oem.ts that sends 255 ("not available") as
    // the state of charge on purpose; the server must refuse exactly those. The fleet's com_ids change per
    // run, so whether this fleet has such a site changes too.
    const buggyBms = (m: Received) =>
      m.kind === 'oem' && (JSON.parse(m.payload) as { soc?: unknown }).soc === 255;
    for (const message of messages) {
      const decoded = decodeDevicePayload(message.kind, message.payload);
      expect(decoded.ok, `${message.kind} ${message.payload}`).toBe(!buggyBms(message));
    }
    for (const comId of comIds) {
      const statuses = messages
        .filter((m) => m.comId === comId && m.kind === 'status')
        .map((m) => JSON.parse(m.payload));
      expect(statuses[0]).toMatchObject({ online: true });
      expect(statuses.at(-1)).toMatchObject({ online: false });
      expect(messages.some((m) => m.comId === comId && m.kind === 'oem')).toBe(true);
    }
    const ack = messages.find((m) => m.comId === acsSite.com_id && m.kind === 'cmd/ack');
    expect(commandAckMessage.parse(JSON.parse(ack?.payload ?? '{}'))).toMatchObject({
      cmd_id: 'it-unlock-1',
      ok: true,
    });
    // msg_ids are unique per device
    const ids = messages.flatMap((m) => {
      const body = JSON.parse(m.payload) as { msg_id?: string };
      return body.msg_id ? [`${m.comId}/${body.msg_id}`] : [];
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(simulator.stats().errors).toBe(0);
  });

  it('a device that loses its connection is announced offline by its last will', async () => {
    const fleet = testFleet(1);
    const site = fleet.sites[0];
    if (!site) throw new Error('empty fleet');
    const simulator = startSimulator({ mqttUrl: MOSQUITTO, fleet, tickMs: 0, initial: 'normal' });
    try {
      await waitFor(() => received.some((r) => r.comId === site.com_id && r.kind === 'pins'));
      simulator.triggerScenario(site.uid, 'device-offline');
      await waitFor(() =>
        received.some((r) => r.comId === site.com_id && r.kind === 'status' && r.payload.includes('false')),
      );
      const will = received.find(
        (r) => r.comId === site.com_id && r.kind === 'status' && r.payload.includes('false'),
      );
      // the broker's will, not a message from the device: exactly the registered payload, without ts
      expect(JSON.parse(will?.payload ?? '{}')).toEqual({ online: false });
    } finally {
      await simulator.stop();
    }
  });

  it('runScenario publishes the scenario messages as the site device', async () => {
    const fleet = testFleet(2);
    const site = fleet.sites[0];
    if (!site) throw new Error('empty fleet');
    const result = await runScenario({
      mqttUrl: MOSQUITTO,
      fleet,
      siteUid: site.uid,
      scenario: 'mains-fail',
    });
    expect(result.comId).toBe(site.com_id);
    await waitFor(() => received.some((r) => r.comId === site.com_id && r.kind === 'pins'));
    const pins = received.filter((r) => r.comId === site.com_id && r.kind === 'pins');
    expect(pins).toHaveLength(1);
    const decoded = decodeDevicePayload('pins', pins[0]?.payload ?? '');
    if (!decoded.ok) throw new Error(decoded.error);
    const value = (pin: string) => decoded.message.readings.find((r) => r.pin === pin)?.value;
    expect([value('am1'), value('am2'), value('am3')]).toEqual([0, 0, 0]);
    expect(value('am6')).toBeLessThan(53);
    expect(decoded.message.msg_id).toBe(result.messages[0]?.payload.msg_id);

    await expect(
      runScenario({ mqttUrl: MOSQUITTO, fleet, siteUid: 'NOPE-XXX-0000', scenario: 'mains-fail' }),
    ).rejects.toThrow(/unknown site/);
  });
});
