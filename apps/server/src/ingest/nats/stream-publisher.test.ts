/**
 * HTTP ingest's way into the device stream with NATS_URL (stream-publisher.ts), on a real nats-server:
 * a published message lands in `$MQTT_msgs` exactly where and as a device's QoS 1 MQTT publish of the
 * same topic does (subject after the partition mapping, QoS header, payload), each device's messages
 * in the order given, and a topic that is not a device → server one is refused.
 */
import {
  deviceTopics,
  MQTT_MSGS_STREAM,
  MQTT_QOS_HEADER,
  partitionFilter,
  partitionOf,
} from '@towerwatch/contract';
import mqtt from 'mqtt';
import { AckPolicy, connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateNats, startPrivateNats } from '../../../test/private-nats.ts';
import { createStreamPublisher } from './stream-publisher.ts';

const PARTITIONS = 4;
let nats: PrivateNats;
let nc: NatsConnection;
beforeAll(async () => {
  nats = await startPrivateNats({ partitions: PARTITIONS });
  nc = await connect({ servers: nats.url });
});
afterAll(async () => {
  await nc?.close();
  await nats?.stop();
});

describe('HTTP ingest on NATS: the stream publisher', () => {
  it('stores a message where a device’s QoS 1 publish of the topic is stored, in order per device', async () => {
    const jsm = await nc.jetstreamManager();
    // The first MQTT connection creates `$MQTT_msgs`; every partition gets a consumer (interest).
    const device = await mqtt.connectAsync(nats.mqttUrl, { clientId: 'RMS-STREAM-1', clean: true });
    for (let p = 0; p < PARTITIONS; p++)
      await jsm.consumers.add(MQTT_MSGS_STREAM, {
        durable_name: `p${p}`,
        filter_subject: partitionFilter(p),
        ack_policy: AckPolicy.Explicit,
      });
    await device.publishAsync(deviceTopics.pins('RMS-STREAM-1'), '{"by":"mqtt"}', { qos: 1 });
    const publisher = createStreamPublisher(nc.jetstream(), PARTITIONS);
    await publisher.publish(deviceTopics.pins('RMS-STREAM-1'), '{"by":"http"}');

    const first = await jsm.streams.getMessage(MQTT_MSGS_STREAM, { seq: 1 });
    const second = await jsm.streams.getMessage(MQTT_MSGS_STREAM, { seq: 2 });
    expect(first.subject).toBe(
      `$MQTT.msgs.twdev.${partitionOf('RMS-STREAM-1', PARTITIONS)}.RMS-STREAM-1.pins`,
    );
    expect(second.subject).toBe(first.subject);
    expect(second.header.get(MQTT_QOS_HEADER)).toBe(first.header.get(MQTT_QOS_HEADER));
    expect(first.header.get(MQTT_QOS_HEADER)).toBe('1');
    expect([first.string(), second.string()]).toEqual(['{"by":"mqtt"}', '{"by":"http"}']);

    // Two devices' messages handed over at once: each device's in its order; kinds with a `/`.
    const sent = Array.from({ length: 40 }, (_, i) => ({ comId: `RMS-ORDER-${i % 2}`, i }));
    await Promise.all(
      sent.map(({ comId, i }) =>
        publisher.publish(i % 5 === 4 ? deviceTopics.cmdAck(comId) : deviceTopics.pins(comId), String(i)),
      ),
    );
    for (const comId of ['RMS-ORDER-0', 'RMS-ORDER-1']) {
      const sub = await nc.jetstream().consumers.get(
        MQTT_MSGS_STREAM,
        (
          await jsm.consumers.add(MQTT_MSGS_STREAM, {
            filter_subject: `$MQTT.msgs.twdev.*.${comId}.>`,
            ack_policy: AckPolicy.None,
          })
        ).name,
      );
      const got: string[] = [];
      const messages = await sub.fetch({ max_messages: 20, expires: 5000 });
      for await (const m of messages) got.push(`${m.subject.split('.').slice(5).join('.')}:${m.string()}`);
      expect(got).toEqual(
        sent.filter((s) => s.comId === comId).map(({ i }) => `${i % 5 === 4 ? 'cmd.ack' : 'pins'}:${i}`),
      );
    }

    await expect(publisher.publish(deviceTopics.cmd('RMS-STREAM-1'), '{}')).rejects.toThrow(/not a device/);
    await device.endAsync();
  });
});
