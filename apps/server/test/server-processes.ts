/**
 * Real server processes for the kill tests (ingest-lease.test.ts, nats-ingest.test.ts): `src/main.ts`
 * spawned in its own process group (killed as a whole with {@link killGroup}), its output kept, and
 * started once it answers /healthz.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../src/db/embedded.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

export interface Spawned {
  name: string;
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<void>;
}

/** Kills the process group (SIGKILL) unless it exited. */
export function killGroup(s: Spawned): void {
  if (s.child.exitCode === null && s.child.signalCode === null) {
    try {
      process.kill(-(s.child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Waits until `check` holds, polling every 100 ms; throws after `ms`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms: number,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Spawns a server with `env` (over the test process's environment and a free PORT), adds it to
 * `spawned` (for the afterAll kill), and resolves once it answers /healthz.
 */
export async function spawnServer(
  spawned: Spawned[],
  name: string,
  env: Record<string, string>,
): Promise<Spawned> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    detached: true, // its own process group: killed as a whole
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), ...env },
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-400_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const s: Spawned = {
    name,
    child,
    port,
    output: () => text,
    exited: new Promise((resolve) => child.once('exit', () => resolve())),
  };
  spawned.push(s);
  await waitFor(
    `${name} answers /healthz`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${text}`);
      const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      return res?.ok === true;
    },
    120_000,
  );
  return s;
}
