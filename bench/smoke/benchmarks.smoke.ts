/**
 * Keeps the benchmarks from rotting: runs each benchmark script in its tiny configuration (seconds,
 * real server, real brokers and databases) and checks it wrote valid JSON with the expected shape. It
 * never asserts speed. A benchmark may report a failing part (`ok: false` with an error naming it);
 * then the error must be there instead of the figures.
 *
 * Not part of `npm test` (benchmarks are not tests): `npm run bench:smoke` runs it, with a budget per
 * script. A script that overruns it is killed with everything it started: its process group (its
 * servers and their simulators) and every PostgreSQL whose data directory is in the script's own
 * temp folder (the servers start their embedded PostgreSQL in a session of its own).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BENCH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'towerwatch-bench-smoke-'));
/** How long one script may run in its tiny size on a busy machine. */
const BUDGET_MS = Number(process.env.BENCH_SMOKE_BUDGET_S ?? 240) * 1000;

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

/** Stops every PostgreSQL whose data directory (a `postmaster.pid`) lies below `dir`. */
function stopPostgresBelow(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(entry) !== 'postmaster.pid') continue;
    try {
      process.kill(Number.parseInt(readFileSync(path.join(dir, entry), 'utf8'), 10), 'SIGQUIT');
    } catch {
      // gone already
    }
  }
}

/** Runs `src/<name>.ts --tiny` and returns its result file. */
function runTiny(name: string): Promise<Json> {
  const dir = path.join(out, name);
  const temp = path.join(out, `${name}-tmp`);
  mkdirSync(temp, { recursive: true });
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join('src', `${name}.ts`), '--tiny', '--out', dir],
      {
        cwd: BENCH,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TMPDIR: temp },
      },
    );
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-16_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let overran = false;
    const timer = setTimeout(() => {
      overran = true;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // exited meanwhile
      }
    }, BUDGET_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      stopPostgresBelow(temp);
      try {
        resolve(JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Json);
      } catch (readErr) {
        const why = overran ? `over its budget of ${BUDGET_MS / 1000} s` : `exit ${code ?? signal}`;
        reject(new Error(`${name} wrote no result (${why}; ${readErr}):\n${output}`));
      }
    });
  });
}

function expectCommon(result: Json, name: string): void {
  expect(result.name).toBe(name);
  expect(result.size).toBe('tiny');
  expect(typeof result.ok).toBe('boolean');
  expect(result.machine).toMatchObject({ cpus: expect.any(Number), node: process.version });
  // The calibration ran: a machine that did no work in its second would read 0.
  const speed = (result.machine as { speed?: { cpuOpsPerS: number; fsyncPerS: number } }).speed;
  expect(speed?.cpuOpsPerS).toBeGreaterThan(0);
  expect(speed?.fsyncPerS).toBeGreaterThan(0);
  if (!result.ok) expect(result.error).toEqual(expect.stringMatching(/\S/));
}

const percentileShape = { n: expect.any(Number), p50: expect.anything(), p99: expect.anything() };

describe.concurrent('benchmarks in their tiny configuration', { timeout: BUDGET_MS + 30_000 }, () => {
  it('ingest ramps the load and counts what was persisted', async () => {
    const result = await runTiny('ingest');
    expectCommon(result, 'ingest');
    const runs = result.runs as Json[];
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(run).toHaveProperty('maxSustained');
      if (!run.ok) {
        expect(run.error).toEqual(expect.stringMatching(/\S/));
        continue;
      }
      const step = (run.steps as Json[])[0];
      expect(step).toMatchObject({
        achievedRate: expect.any(Number),
        persistedMessages: expect.any(Number),
        lostMessages: expect.any(Number),
        serverCores: expect.any(Number),
        latencyMs: percentileShape,
        eventLoopDelayP99Ms: expect.any(Number),
        eventLoopDelayMaxMs: expect.any(Number),
        pass: expect.any(Boolean),
      });
    }
  });

  it('alarm times publish → live socket', async () => {
    const result = await runTiny('alarm');
    expectCommon(result, 'alarm');
    for (const run of result.runs as Json[]) {
      if (!run.ok) {
        expect(run.error).toEqual(expect.stringMatching(/\S/));
        continue;
      }
      expect(run.probesSent).toBeGreaterThan(0);
      expect(run.latencyMs).toMatchObject({ ...percentileShape, p95: expect.anything() });
      expect(run.load).toMatchObject({ eventLoopDelayP99Ms: expect.any(Number) });
    }
  });

  it('api loads every endpoint with autocannon', async () => {
    const result = await runTiny('api');
    expectCommon(result, 'api');
    for (const run of result.runs as Json[]) {
      const endpoints = run.endpoints as Json[];
      if (endpoints.length === 0) {
        expect(run.error).toEqual(expect.stringMatching(/\S/));
        continue;
      }
      expect(new Set(endpoints.map((e) => e.name))).toEqual(
        new Set([
          'login',
          'status-counts',
          'dashboard-count',
          'site/fetch 1000',
          expect.stringMatching(/^site\/fetch 1000 \(page \d+\)$/),
          'site/fetch 1000 lean',
          'site/fetch 1000 compact',
          'site/events first',
          'site/events deep',
          'network/events first',
          'network/events deep',
        ]),
      );
      for (const e of endpoints) {
        if (e.ok) expect(e).toMatchObject({ requestsPerS: expect.any(Number), latencyMs: percentileShape });
        else expect(e.error).toEqual(expect.stringMatching(/\S/));
      }
    }
  });

  it('fanout counts deliveries to many sockets', async () => {
    const result = await runTiny('fanout');
    expectCommon(result, 'fanout');
    for (const run of result.runs as Json[]) {
      if (!run.ok) {
        expect(run.error).toEqual(expect.stringMatching(/\S/));
        continue;
      }
      expect(run.sockets).toBeGreaterThan(0);
      expect((run.steps as Json[])[0]).toMatchObject({
        deliveriesPerS: expect.any(Number),
        expectedSiteEvents: expect.any(Number),
        latencyMs: percentileShape,
        eventLoopDelayP99Ms: expect.any(Number),
      });
    }
  });

  it('web weighs the build and times the dashboard', async () => {
    const result = await runTiny('web');
    expectCommon(result, 'web');
    expect(result).toHaveProperty('dashboard');
    expect(result).toHaveProperty('siteList');
    if (result.ok) {
      expect((result.routes as Json[]).map((r) => r.route)).toEqual(['/login', '/dashboard']);
      expect((result.routes as Json[])[0]).toMatchObject({ jsGzipKb: expect.any(Number) });
      expect(result.dashboard).toMatchObject({ ok: true, coldMs: expect.any(Number) });
    }
  });

  it('access attaches a card group to a site group and waits for every ack', async () => {
    const result = await runTiny('access');
    expectCommon(result, 'access');
    const run = result.run as Json;
    expect(run).toMatchObject({ cards: 20, sites: 20 });
    if (run.ok) expect(run).toMatchObject({ commands: 20, allAppliedMs: expect.any(Number) });
  });

  it('storage measures every telemetry layout and reads the same day from each', async () => {
    const result = await runTiny('storage');
    expectCommon(result, 'storage');
    // No broker or load involved: a failure here (e.g. a layout reading other values) is a defect.
    expect(result.error).toBeUndefined();
    const layouts = result.layouts as Json[];
    expect(layouts.map((l) => l.table)).toEqual([
      'telemetry',
      'tel_dict',
      'tel_hour_real',
      'tel_hour_double',
    ]);
    for (const l of layouts) {
      expect(l.totalBytes).toBeGreaterThan(0);
      expect(l).toMatchObject({ bytesPerValue: expect.any(Number), yearAt50kSitesTB: expect.any(Number) });
      expect(l.read).toMatchObject({ rows: 1440, latencyMs: percentileShape });
    }
  });

  it('telemetry-write stores the same rows with each writer', async () => {
    const result = await runTiny('telemetry-write');
    expectCommon(result, 'telemetry-write');
    // A digest mismatch (the writers stored different rows) fails the run with an error.
    expect(result.error).toBeUndefined();
    const variants = result.variants as Json[];
    expect(variants).toHaveLength(3);
    expect(new Set(variants.map((v) => v.digest)).size).toBe(1);
    for (const v of variants)
      expect(v).toMatchObject({ nodeCpuMs: percentileShape, wallMs: percentileShape });
  });

  it('site-state-memory reports heap bytes per site of the site state cache', async () => {
    const result = await runTiny('site-state-memory');
    expectCommon(result, 'site-state-memory');
    // In-process, no broker or load: a failed run is a defect.
    expect(result.error).toBeUndefined();
    expect(result.run).toMatchObject({
      sites: 100,
      heapBytesPerSite: expect.any(Number),
      alarmsPerSite: expect.any(Number),
      pinConfigsPerSite: expect.any(Number),
    });
    expect((result.run as Json).pinConfigsPerSite).toBeGreaterThan(0);
    expect(result.byConstructor).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: expect.any(String), bytesPerSite: expect.any(Number) }),
      ]),
    );
  });
});
