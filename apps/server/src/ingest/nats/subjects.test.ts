/**
 * The device subjects on NATS (packages/contract/src/device/nats-subjects.ts) against a real nats-server: the subject mapping puts a
 * device's MQTT messages on `twdev.{partition}.{com_id}.{kind}` with the partition the server computes
 * as `partitionOf` does, and the MQTT listener stores each QoS 1 one in `$MQTT_msgs` under
 * `$MQTT.msgs.` + that subject (what the ingest consumes) — a QoS 0 one not at all, and one that no
 * consumer's filter matches is dropped (interest retention); `cmd` is unmapped (a core NATS publish
 * reaches the device's MQTT subscription); the anonymous development config in deploy/nats/ carries the mapping of
 * 256 partitions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  deviceTopics,
  MQTT_MSGS_STREAM,
  natsSubjectMappings,
  partitionFilter,
  partitionOf,
  streamSubjectToTopic,
  topicToStreamSubject,
  topicToSubject,
} from '@towerwatch/contract';
import mqtt from 'mqtt';
import { AckPolicy, connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateNats, startPrivateNats } from '../../../test/private-nats.ts';
import { REPO_ROOT } from '../../config.ts';

const PARTITIONS = 8;
let nats: PrivateNats;
beforeAll(async () => {
  nats = await startPrivateNats({ partitions: PARTITIONS });
});
afterAll(async () => {
  await nats?.stop();
});

describe('device subjects on NATS', () => {
  it('partitions as nats-server does, and a command reaches the device over MQTT', async () => {
    const nc = await connect({ servers: nats.url });
    const jsm = await nc.jetstreamManager();
    const comIds = Array.from({ length: 40 }, (_, i) => `RMS${i}-${(i * 7919).toString(36)}`);
    // The first MQTT connection creates the listener's streams; interest in every partition but the last.
    const device = await mqtt.connectAsync(nats.mqttUrl, { clientId: comIds[0], clean: true });
    for (let p = 0; p < PARTITIONS - 1; p++)
      await jsm.consumers.add(MQTT_MSGS_STREAM, {
        durable_name: `p${p}`,
        filter_subject: partitionFilter(p),
        ack_policy: AckPolicy.Explicit,
      });
    const got: string[] = [];
    device.on('message', (topic, payload) => got.push(`${topic} ${payload.toString()}`));
    await device.subscribeAsync(deviceTopics.cmd(comIds[0] as string), { qos: 1 });
    for (const comId of comIds) await device.publishAsync(deviceTopics.pins(comId), 'x', { qos: 1 });
    for (const comId of comIds) await device.publishAsync(deviceTopics.oem(comId), 'x', { qos: 0 });
    await device.publishAsync(deviceTopics.cmdAck(comIds[1] as string), 'x', { qos: 1 });

    const info = await jsm.streams.info(MQTT_MSGS_STREAM, { subjects_filter: '>' });
    const subjects = Object.keys(info.state.subjects ?? {}).sort();
    const interested = comIds.filter((c) => partitionOf(c, PARTITIONS) !== PARTITIONS - 1);
    expect(interested.length).toBeLessThan(comIds.length);
    const expected = [
      ...interested.map((c) => `$MQTT.msgs.twdev.${partitionOf(c, PARTITIONS)}.${c}.pins`),
      `$MQTT.msgs.twdev.${partitionOf(comIds[1] as string, PARTITIONS)}.${comIds[1]}.cmd.ack`,
    ].sort();
    expect(partitionOf(comIds[1] as string, PARTITIONS)).not.toBe(PARTITIONS - 1);
    expect(subjects).toEqual(expected);
    expect(new Set(subjects.map((s) => s.split('.')[3])).size).toBeGreaterThan(PARTITIONS / 2);
    for (const comId of interested)
      expect(subjects).toContain(topicToStreamSubject(deviceTopics.pins(comId), PARTITIONS));
    expect(streamSubjectToTopic(expected[0] as string)).toMatch(/^tw\/v1\/dev\/RMS\d+-\w+\/pins$/);
    expect(streamSubjectToTopic(`$MQTT.msgs.twdev.3.${comIds[1]}.cmd.ack`)).toBe(
      deviceTopics.cmdAck(comIds[1] as string),
    );
    expect(streamSubjectToTopic(`twdev.3.${comIds[1]}.pins`)).toBeNull();
    expect(topicToStreamSubject(deviceTopics.cmd(comIds[1] as string), PARTITIONS)).toBeNull();

    nc.publish(topicToSubject(deviceTopics.cmd(comIds[0] as string)), 'unlock');
    const deadline = Date.now() + 10_000;
    while (got.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([`${deviceTopics.cmd(comIds[0] as string)} unlock`]);
    await device.endAsync();
    await nc.close();
  });

  it('is what the anonymous development config of deploy/nats/ maps (256 partitions)', () => {
    // The configs with device identity take the mapping from the generated accounts
    // (test/nats-device-identity.test.ts).
    expect(readFileSync(path.join(REPO_ROOT, 'deploy', 'nats', 'nats-dev.conf'), 'utf8')).toContain(
      natsSubjectMappings(256),
    );
  });
});
