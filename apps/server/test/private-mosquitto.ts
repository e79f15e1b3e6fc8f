/**
 * A Mosquitto of the test file's own: the Debian `mosquitto` binary on a free loopback port with a
 * generated config, so test files that need an external broker run in parallel with each other (and
 * with other runs on the machine) without sharing topics or sessions on the machine's Mosquitto.
 *
 *   const broker = await startPrivateMosquitto();
 *   ... broker.url ...
 *   await broker.stop();   // in afterAll; also killed when the test process exits
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/db/embedded.ts';
import { canConnect, spawnFirst } from './private-binary.ts';

export interface PrivateMosquitto {
  url: string;
  port: number;
  /** Stops the broker (SIGKILL: nothing of it is kept) and removes its folder. */
  stop(): Promise<void>;
  /** Stops and starts it again on the same port (persistence off: sessions are gone). */
  restart(): Promise<void>;
}

const BINARIES = ['/usr/sbin/mosquitto', 'mosquitto'];

/**
 * Starts a Mosquitto on a free port; `settings` are extra config lines (default: anonymous, no limit
 * on queued messages, as docs/operations.md asks of a production broker).
 */
export async function startPrivateMosquitto(settings: readonly string[] = []): Promise<PrivateMosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'towerwatch-test-mosquitto-'));
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'max_queued_messages 0',
      'persistence false',
      'log_dest stderr',
      'log_type error',
      ...settings,
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  let stderr = '';
  const kill = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const start = async () => {
    child = await spawnFirst(BINARIES, ['-c', config]);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    const deadline = Date.now() + 30_000;
    while (!(await canConnect(port))) {
      if (child.exitCode !== null) throw new Error(`mosquitto exited (${child.exitCode}): ${stderr}`);
      if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${port} in 30 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stopChild = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    stop: async () => {
      process.off('exit', kill);
      await stopChild();
      rmSync(dir, { recursive: true, force: true });
    },
    restart: async () => {
      await stopChild();
      await start();
    },
  };
}
