/**
 * A Mosquitto of the test file's own: the Debian `mosquitto` binary on a free loopback port with a
 * generated config, so test files that need an external broker run in parallel with each other (and
 * with other runs on the machine) without sharing topics or sessions on the machine's Mosquitto.
 *
 *   const broker = await startPrivateMosquitto();
 *   ... broker.url ...
 *   await broker.stop();   // in afterAll; also killed when the test process exits
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PrivateMosquitto {
  url: string;
  port: number;
  /** Stops the broker (SIGKILL: nothing of it is kept) and removes its folder. */
  stop(): Promise<void>;
  /** Stops and starts it again on the same port (persistence off: sessions are gone). */
  restart(): Promise<void>;
}

const BINARIES = ['/usr/sbin/mosquitto', 'mosquitto'];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function spawnBroker(config: string): Promise<ChildProcess> {
  for (const binary of BINARIES) {
    const child = spawn(binary, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    const spawned = await new Promise<boolean>((resolve) => {
      child.once('spawn', () => resolve(true));
      child.once('error', () => resolve(false));
    });
    if (spawned) return child;
  }
  throw new Error(`mosquitto not found (tried ${BINARIES.join(', ')})`);
}

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
    child = await spawnBroker(config);
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
