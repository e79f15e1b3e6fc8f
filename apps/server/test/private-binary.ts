/**
 * Starting a broker binary of a test file's own (private-mosquitto.ts, private-nats.ts): the first
 * of its paths that exists, and a wait for its port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/** True when something accepts connections on 127.0.0.1:`port`. */
export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Spawns the first of `binaries` that exists with `args` (stderr piped). */
export async function spawnFirst(binaries: readonly string[], args: string[]): Promise<ChildProcess> {
  for (const binary of binaries) {
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const spawned = await new Promise<boolean>((resolve) => {
      child.once('spawn', () => resolve(true));
      child.once('error', () => resolve(false));
    });
    if (spawned) return child;
  }
  throw new Error(`not found: ${binaries.join(', ')}`);
}
