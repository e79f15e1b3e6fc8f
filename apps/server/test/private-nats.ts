/**
 * A NATS server of the test file's own (like private-mosquitto.ts): the `nats-server` binary on free
 * loopback ports (client, MQTT listener) with JetStream in a temp store dir, and the device subject
 * mapping of `partitions` partitions (the contract's `natsSubjectMappings`) — the single-node development config
 * of deploy/nats/, generated.
 *
 *   const nats = await startPrivateNats({ partitions: 8 });
 *   ... nats.url (nats://), nats.mqttUrl (mqtt://) ...
 *   await nats.stop();   // in afterAll; also killed when the test process exits
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { natsSubjectMappings } from '@towerwatch/contract';
import { freePort } from '../src/db/embedded.ts';
import { canConnect, spawnFirst } from './private-binary.ts';

export interface PrivateNats {
  url: string;
  mqttUrl: string;
  /** Stops the server (SIGKILL) and removes its store. */
  stop(): Promise<void>;
}

const BINARIES = ['/usr/sbin/nats-server', 'nats-server'];

/** One nats-server on `port` (and `mqttPort`) with `lines` of config (its folder removed on stop). */
async function startNode(
  name: string,
  port: number,
  mqttPort: number,
  lines: (dir: string) => string[],
  mqttLines: string[] = [],
): Promise<PrivateNats & { name: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'towerwatch-test-nats-'));
  const config = path.join(dir, 'nats.conf');
  writeFileSync(
    config,
    [
      `server_name: ${name}`,
      `listen: 127.0.0.1:${port}`,
      `jetstream { store_dir: "${path.join(dir, 'js')}" }`,
      `mqtt { listen: 127.0.0.1:${mqttPort}${mqttLines.map((l) => `, ${l}`).join('')} }`,
      ...lines(dir),
      '',
    ].join('\n'),
  );
  const child = await spawnFirst(BINARIES, ['-c', config]);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const deadline = Date.now() + 30_000;
  while (!(await canConnect(port)) || !(await canConnect(mqttPort))) {
    if (child.exitCode !== null) throw new Error(`nats-server exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) throw new Error(`nats-server did not listen in 30 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    name,
    url: `nats://127.0.0.1:${port}`,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    stop: async () => {
      process.off('exit', kill);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `accounts`: the generated accounts of device identity (ingest/nats/device-auth.ts), which carry the
 * mapping, instead of the anonymous global account's mapping (as deploy/nats/ has them);
 * `partitions: null` without `accounts`: no subject mapping (a misconfigured server).
 */
export async function startPrivateNats(o: {
  partitions: number | null;
  accounts?: string;
}): Promise<PrivateNats> {
  const port = await freePort();
  return startNode(`tw-test-${port}`, port, await freePort(), () =>
    o.accounts ? [o.accounts] : o.partitions === null ? [] : [natsSubjectMappings(o.partitions)],
  );
}

/**
 * A nats-server cluster of `size` nodes (JetStream, MQTT on each with its streams replicated
 * `size` times), the deploy/nats/ cluster shape; `accounts` as for {@link startPrivateNats}.
 */
export async function startPrivateNatsCluster(o: {
  partitions: number;
  size: number;
  accounts?: string;
}): Promise<Array<PrivateNats & { name: string }>> {
  const ports = await Promise.all(
    Array.from({ length: o.size }, async () => ({
      port: await freePort(),
      mqtt: await freePort(),
      route: await freePort(),
    })),
  );
  const routes = ports.map((p) => `nats-route://127.0.0.1:${p.route}`).join(', ');
  return Promise.all(
    ports.map((p, i) =>
      startNode(
        `tw-test-${ports[0]?.port}-n${i}`,
        p.port,
        p.mqtt,
        () => [
          `cluster { name: tw-test-${ports[0]?.port}, listen: 127.0.0.1:${p.route}, routes: [${routes}] }`,
          o.accounts ?? natsSubjectMappings(o.partitions),
        ],
        [`stream_replicas: ${o.size}`],
      ),
    ),
  );
}
