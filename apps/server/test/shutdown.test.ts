/**
 * The server program stops in order and quietly on Ctrl-C: a terminal sends SIGINT to the whole
 * foreground process group (npm, tsx, the server, the simulator child). PostgreSQL runs in its own
 * session, so it keeps answering until the server has stopped its roles, and is stopped last.
 * Runs once (in the server:embedded project): it starts its own embedded PostgreSQL either way, with a
 * server setting of EMBEDDED_PG_SETTINGS (in force while it runs).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { isProcessAlive } from '../src/db/data-dir-lock.ts';
import { freePort } from '../src/db/embedded.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'towerwatch-shutdown-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not within ${ms} ms`);
}

describe.runIf(inject('towerwatchDbKind') === 'embedded')('the server program', () => {
  it('stops on SIGINT to its process group with exit code 0 and no error line', async () => {
    const [port, mqttPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_ROOT,
      detached: true, // its own process group, as a terminal's foreground job
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        MQTT_PORT: String(mqttPort),
        WEB_DIST: path.join(dataDir, 'no-web'),
        SIMULATOR: 'on',
        LOG_LEVEL: 'info',
        EMBEDDED_PG_SETTINGS: 'work_mem=7MB  random_page_cost=1.1',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    let postmaster = 0;
    try {
      await waitFor(async () => {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
        return res?.ok === true;
      }, 90_000);
      const pid = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
      postmaster = Number(pid[0]);
      expect(isProcessAlive(postmaster)).toBe(true);
      // The embedded PostgreSQL runs with the settings given (postmaster.pid line 4: its port).
      const client = new pg.Client({
        host: '127.0.0.1',
        port: Number(pid[3]),
        user: 'postgres',
        password: readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim(),
        database: 'towerwatch',
      });
      await client.connect();
      try {
        const setting = async (name: string) => (await client.query(`show ${name}`)).rows[0]?.[name];
        expect([await setting('work_mem'), await setting('random_page_cost')]).toEqual(['7MB', '1.1']);
        // The simulator's devices connected and ingest wrote: the stop interrupts real work.
        await waitFor(
          async () => (await client.query('select 1 from telemetry limit 1')).rowCount === 1,
          60_000,
        );
      } finally {
        await client.end();
      }
    } catch (err) {
      // A failure before the stop: nothing of the run outlives the test.
      process.kill(-(child.pid as number), 'SIGKILL');
      if (postmaster && isProcessAlive(postmaster)) process.kill(postmaster, 'SIGQUIT');
      throw err;
    }

    process.kill(-(child.pid as number), 'SIGINT');
    const code = await exited;

    const lines = output.split('\n').filter((l) => l.startsWith('{'));
    const errors = lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
    expect(errors, errors.slice(0, 3).join('\n')).toEqual([]);
    expect(output).toContain('"msg":"stopped"');
    expect(code).toBe(0);
    await waitFor(async () => !isProcessAlive(postmaster), 10_000);
  }, 180_000);
});
