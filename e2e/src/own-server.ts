/** A dedicated real server for an e2e test file (test-only code). */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** A dedicated server: base URL, its embedded broker's URL, and how to stop it (its data dir goes too). */
export interface OwnServer {
  baseUrl: string;
  mqttUrl: string;
  stop(): Promise<void>;
}

/**
 * A real server of its own (apps/server/src/main.ts by path: embedded PostgreSQL in a temporary DATA_DIR,
 * demo data, embedded broker, no simulator) for a test file whose writes must not reach the shared e2e
 * server (other files count the demo fleet's sites and devices), or that needs other configuration.
 */
export async function startOwnServer(label: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), `towerwatch-e2e-${label}-`));
  const { DATABASE_URL: _db, MQTT_URL: _mqtt, ...inherited } = process.env;
  let output = '';
  const child: ChildProcess = spawn(
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
        SIMULATOR: 'off',
        WEB_DIST: path.join(ROOT, 'apps', 'web', 'dist'),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${label} e2e server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the ${label} e2e server did not start:\n${output}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
