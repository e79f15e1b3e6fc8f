/**
 * NATS_PARTITIONS against a real nats-server's subject mapping (partition-check.ts): the same N
 * passes; another N, or a server whose account has no mapping of the device subjects, stops the
 * worker with a message that names what to set.
 */
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateNats, startPrivateNats } from '../../../test/private-nats.ts';
import { checkPartitionMapping, PartitionMappingError } from './partition-check.ts';

let nats: PrivateNats;
beforeAll(async () => {
  nats = await startPrivateNats({ partitions: 8 });
});
afterAll(async () => {
  await nats?.stop();
});

describe('the partition count against the server mapping', () => {
  it('passes for the mapped N and refuses any other', async () => {
    const nc = await connect({ servers: nats.url });
    try {
      await expect(checkPartitionMapping(nc, 8)).resolves.toBeUndefined();
      for (const wrong of [7, 16, 256]) {
        const err = await checkPartitionMapping(nc, wrong).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(PartitionMappingError);
        expect(String(err)).toContain(`NATS_PARTITIONS=${wrong} does not match`);
      }
    } finally {
      await nc.close();
    }
  });

  it('refuses a server without the device mapping', async () => {
    const bare = await startPrivateNats({ partitions: null });
    const nc = await connect({ servers: bare.url });
    try {
      const err = await checkPartitionMapping(nc, 8, 1000).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PartitionMappingError);
      expect(String(err)).toContain('does not map device subjects');
    } finally {
      await nc.close();
      await bare.stop();
    }
  });
});
