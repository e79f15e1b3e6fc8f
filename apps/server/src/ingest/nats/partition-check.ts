/**
 * NATS_PARTITIONS against the NATS server's subject mapping (docs/operations.md "Scale-out with NATS
 * JetStream"): the worker publishes a probe on a device subject over core NATS and reads where the
 * account's mapping put it. A mapping of another N would put devices in partitions no consumer
 * filters (their messages, acknowledged to the device, dropped by the interest stream) and HTTP ingest
 * in other partitions than the same device's MQTT messages — so a mismatch stops the worker at start.
 * A core NATS publish is not stored by the MQTT listener (only its QoS 1 publishes are), so the
 * probes reach no stream and no device.
 */

import { randomUUID } from 'node:crypto';
import { deviceTopics, partitionOf, topicToSubject } from '@towerwatch/contract';
import type { NatsConnection } from 'nats';

/**
 * Probes per check. A probe lands in the same partition under a wrong N as under the right one with a
 * chance of up to 1/2 (N against 2N: the hash modulo 2N is below N half the time), so a wrong N passes
 * with a chance of at most 2^-PROBES (four probes let 16 through against 8 one start in 16).
 */
const PROBES = 48;

export class PartitionMappingError extends Error {}

/** Throws {@link PartitionMappingError} unless the server maps device subjects into `partitions` as we do. */
export async function checkPartitionMapping(
  nc: NatsConnection,
  partitions: number,
  timeoutMs = 10_000,
): Promise<void> {
  const comIds = Array.from({ length: PROBES }, () => `twprobe-${randomUUID().slice(0, 8)}`);
  const seen = new Map<string, number>();
  const subs = comIds.map((comId) => nc.subscribe(`twdev.*.${comId}.status`, { max: 1 }));
  try {
    const received = Promise.all(
      subs.map(async (sub, i) => {
        for await (const msg of sub) seen.set(comIds[i] as string, Number(msg.subject.split('.')[1]));
      }),
    );
    await nc.flush();
    for (const comId of comIds) nc.publish(topicToSubject(deviceTopics.status(comId)), new Uint8Array());
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([received.then(() => 'received' as const), timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout')
      throw new PartitionMappingError(
        `the NATS server does not map device subjects to twdev.{partition}.…: add the mappings block of ${partitions} partitions (natsSubjectMappings, deploy/nats/) to the devices' account`,
      );
  } finally {
    for (const sub of subs) sub.unsubscribe();
  }
  for (const comId of comIds) {
    const theirs = seen.get(comId);
    const ours = partitionOf(comId, partitions);
    if (theirs !== ours)
      throw new PartitionMappingError(
        `NATS_PARTITIONS=${partitions} does not match the NATS server's subject mapping: it put ${comId} in partition ${theirs}, NATS_PARTITIONS gives ${ours}. Set NATS_PARTITIONS to the N of the mappings block ({{partition(N,1)}}).`,
      );
  }
}
