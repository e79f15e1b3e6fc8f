/**
 * Starts the REAL servers for the browser tests: apps/server/src/main.ts under tsx in child processes,
 * on free ports, each with a temporary DATA_DIR (embedded PostgreSQL, seeded demo data), the embedded
 * MQTT broker and the simulator on (no jammed locks: SIM_LOCK_JAM_PROBABILITY=0), serving the built web
 * app. Builds the web app first when its build is missing or older than its sources.
 *
 * `E2E_SERVERS` servers (default 2): the e2e files run in parallel with every other project's files,
 * and each file holds one server to itself while it runs (server-lease.ts), so the files never see
 * each other's changes and at most that many run at once.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WEB = path.join(ROOT, 'apps', 'web');
const DIST = path.join(WEB, 'dist');

/** One e2e server. */
export interface E2eServer {
  baseUrl: string;
  mqttUrl: string;
  /** The simulator's test hooks (POST /swipe, GET /access-list; docs/device-protocol.md). */
  simControlUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServers: E2eServer[];
    /** Where the files' server leases are kept (server-lease.ts). */
    e2eLeaseDir: string;
  }
}

/** How many servers the e2e files share (each file holds one while it runs). */
const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildWebIfNeeded(): void {
  const index = path.join(DIST, 'index.html');
  const sources = Math.max(
    newestMtime(path.join(WEB, 'src')),
    newestMtime(path.join(WEB, 'public')),
    newestMtime(path.join(ROOT, 'packages', 'domain', 'src')),
    newestMtime(path.join(ROOT, 'packages', 'contract', 'src')),
  );
  if (existsSync(index) && statSync(index).mtimeMs > sources) return;
  // A production build whatever the test runner set (vitest sets NODE_ENV=test, which would bundle
  // React's development build and turn off production-only code such as the service worker).
  // Built aside and swapped in (apps/web/scripts/build.ts): a server serving dist meanwhile is not broken.
  execFileSync('npx', ['tsx', 'scripts/build.ts', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * How long the server may take to start: create and seed its embedded PostgreSQL and four days of
 * power history, which takes minutes on a busy machine (load average 8 and more); E2E_START_TIMEOUT_S
 * (seconds) for a machine busier still.
 */
const START_DEADLINE_MS = Number(process.env.E2E_START_TIMEOUT_S ?? 300) * 1000;

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not become healthy in ${START_DEADLINE_MS / 1000} s:\n${log()}`);
}

/**
 * Kills the server's process group (the server and its simulator) and the embedded PostgreSQL it
 * started in a session of its own (docs/decisions/shutdown-order.md), which would otherwise outlive
 * a killed server.
 */
function killServerTree(child: ChildProcess, dataDir: string): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  try {
    const postmaster = Number.parseInt(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8'), 10);
    if (postmaster > 0) process.kill(postmaster, 'SIGQUIT');
  } catch {
    // no PostgreSQL left running
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildWebIfNeeded();
  const started = await Promise.allSettled(Array.from({ length: SERVERS }, (_, i) => startServer(i)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  const leaseDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-e2e-leases-'));
  project.provide(
    'e2eServers',
    servers.map((s) => s.server),
  );
  project.provide('e2eLeaseDir', leaseDir);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(leaseDir, { recursive: true, force: true });
  };
}

/** Starts e2e server number `index` and returns its URLs and how to stop it. */
async function startServer(index: number): Promise<{ server: E2eServer; stop: () => Promise<void> }> {
  const [port, mqttPort, simControlPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-e2e-'));
  let output = '';
  // The embedded defaults: no external database or broker, whatever the calling shell has set.
  const { DATABASE_URL: _db, MQTT_URL: _mqtt, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps', 'server', 'src', 'main.ts')],
    {
      cwd: ROOT,
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: String(mqttPort),
        DATA_DIR: dataDir,
        SIMULATOR: 'on',
        SIM_CONTROL_PORT: String(simControlPort),
        // A remote unlock always acks here: the demo's 3 % jammed unlocks are the simulator's unit tests'.
        SIM_LOCK_JAM_PROBABILITY: '0',
        WEB_DIST: DIST,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, so a failed start or a stuck stop kills the simulator with it.
      detached: true,
    },
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // If the server dies during the run, say so with its last output (the tests then fail to connect).
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    const artifacts = path.join(ROOT, 'e2e', '.artifacts');
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(path.join(artifacts, `server-${index}.log`), output);
    process.stderr.write(
      `\n[e2e] server ${index} exited during the run (${code ?? signal}); see e2e/.artifacts/server-${index}.log\n${output.slice(-3000)}\n`,
    );
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    killServerTree(child, dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server = {
    baseUrl,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    simControlUrl: `http://127.0.0.1:${simControlPort}`,
  };
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) killServerTree(child, dataDir);
    }
    child.stdout?.destroy();
    child.stderr?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, stop };
}
