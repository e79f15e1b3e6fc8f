/**
 * MQTT connections of the simulator: one per device (the device's own credentials, its last will,
 * its command subscription) or one shared connection for benchmarks (needs a broker that lets one
 * client publish for every com_id, e.g. an anonymous Mosquitto).
 */
import type { CommandMessage } from '@towerwatch/contract';
import {
  commandMessage,
  DEVICE_QOS,
  deviceClientId,
  deviceTopicFilter,
  deviceTopics,
  parseDeviceTopic,
} from '@towerwatch/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { DeviceMessage } from './device-message.ts';

export type CommandHandler = (comId: string, command: CommandMessage) => void;

export interface LinkEvents {
  onCommand: CommandHandler;
  onError: (comId: string, error: Error) => void;
  onPublished: (message: DeviceMessage) => void;
}

/** Something that carries a device's messages to the broker. */
export interface Link {
  /** Publishes (queued while connecting). */
  send(comId: string, message: DeviceMessage): void;
  /** The device goes on line (connects; no-op for the shared link). */
  up(comId: string): void;
  /** The device loses power: the broker publishes its last will (shared link: an explicit offline status). */
  down(comId: string): void;
  close(): Promise<void>;
}

const LAST_WILL = JSON.stringify({ online: false });

function publish(client: MqttClient, message: DeviceMessage, events: LinkEvents, comId: string): void {
  client.publish(
    message.topic,
    JSON.stringify(message.payload),
    { qos: DEVICE_QOS, retain: message.retain },
    (error) => {
      if (error) events.onError(comId, error);
      else events.onPublished(message);
    },
  );
}

function handleCommand(topic: string, payload: Buffer, events: LinkEvents): void {
  const parsed = parseDeviceTopic(topic);
  if (parsed?.kind !== 'cmd') return;
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    events.onError(parsed.comId, new Error('command is not JSON'));
    return;
  }
  const command = commandMessage.safeParse(json);
  if (command.success) events.onCommand(parsed.comId, command.data);
  else events.onError(parsed.comId, new Error(`invalid command: ${command.error.issues[0]?.message ?? ''}`));
}

export interface DeviceCredentials {
  comId: string;
  password: string;
}

/** One MQTT connection per device, authenticated as the device. */
export function createPerDeviceLink(
  url: string,
  credentials: (comId: string) => DeviceCredentials,
  events: LinkEvents,
): Link {
  const clients = new Map<string, MqttClient>();
  /**
   * Messages held until the device's first cmd subscription is granted: the server may answer the
   * online status with commands at once (an access-list resend, docs/device-protocol.md §3).
   */
  const held = new Map<string, DeviceMessage[]>();
  const connect = (comId: string): MqttClient => {
    held.set(comId, []);
    const { password } = credentials(comId);
    const client = mqtt.connect(url, {
      clientId: deviceClientId(comId),
      username: comId,
      password,
      clean: false,
      keepalive: 30,
      reconnectPeriod: 5_000,
      connectTimeout: 10_000,
      will: {
        topic: deviceTopics.status(comId),
        payload: Buffer.from(LAST_WILL),
        qos: DEVICE_QOS,
        retain: true,
      },
    });
    let reported = false;
    client.on('connect', () => {
      reported = false;
      client.subscribe(deviceTopics.cmd(comId), { qos: DEVICE_QOS }, (error) => {
        if (error) events.onError(comId, error);
        const waiting = held.get(comId);
        held.delete(comId);
        for (const m of waiting ?? []) publish(client, m, events, comId);
      });
    });
    client.on('error', (error) => {
      // mqtt.js keeps retrying; report each kind of failure once per outage
      if (!reported) events.onError(comId, error);
      reported = true;
    });
    client.on('message', (topic, payload) => handleCommand(topic, payload, events));
    clients.set(comId, client);
    return client;
  };
  return {
    send(comId, message) {
      const client = clients.get(comId) ?? connect(comId);
      const waiting = held.get(comId);
      if (waiting) waiting.push(message);
      else publish(client, message, events, comId);
    },
    up(comId) {
      if (!clients.has(comId)) connect(comId);
    },
    down(comId) {
      const client = clients.get(comId);
      clients.delete(comId);
      held.delete(comId);
      // forced end: no DISCONNECT packet, so the broker publishes the last will
      client?.end(true);
    },
    async close() {
      const all = [...clients.values()];
      clients.clear();
      await Promise.all(all.map((client) => client.endAsync()));
    },
  };
}

/** One shared connection for all devices (benchmarks). */
export function createSharedLink(
  url: string,
  auth: { username?: string; password?: string },
  events: LinkEvents,
): Link {
  const client = mqtt.connect(url, {
    clientId: `tw-sim-${process.pid}-${Date.now().toString(36)}`,
    ...auth,
    clean: true,
    reconnectPeriod: 5_000,
  });
  client.on('connect', () => {
    client.subscribe(deviceTopicFilter('cmd'), { qos: DEVICE_QOS }, (error) => {
      if (error) events.onError('*', error);
    });
  });
  client.on('error', (error) => events.onError('*', error));
  client.on('message', (topic, payload) => handleCommand(topic, payload, events));
  return {
    send(comId, message) {
      publish(client, message, events, comId);
    },
    up() {},
    down(comId) {
      publish(
        client,
        { topic: deviceTopics.status(comId), kind: 'status', payload: { online: false }, retain: true },
        events,
        comId,
      );
    },
    async close() {
      await client.endAsync();
    },
  };
}
