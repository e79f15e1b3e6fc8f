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
import { natsSubjectMappings } from '@towerwatch/contract';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/db/embedded.ts';
import { canConnect, spawnFirst } from './private-binary.ts';

export interface PrivateNats {
  url: string;
  mqttUrl: string;
  /** Stops the server (SIGKILL) and removes its store. */
  stop(): Promise<void>;
}

const BINARIES = ['/usr/sbin/nats-server', 'nats-server'];

export async function startPrivateNats(o: { partitions: number }): Promise<PrivateNats> {
  const port = await freePort();
  const mqttPort = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'towerwatch-test-nats-'));
  const config = path.join(dir, 'nats.conf');
  writeFileSync(
    config,
    [
      `server_name: tw-test-${port}`,
      `listen: 127.0.0.1:${port}`,
      `jetstream { store_dir: "${path.join(dir, 'js')}" }`,
      `mqtt { listen: 127.0.0.1:${mqttPort} }`,
      natsSubjectMappings(o.partitions),
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
