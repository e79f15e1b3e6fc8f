import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The server's tests. The root vitest.config.ts runs them as `server:system` (PostgreSQL at
 * 127.0.0.1:5432: every file) and `server:embedded` (embedded PostgreSQL 18: the files in
 * {@link DATABASE_VERSION_TESTS}), by setting TEST_DB.
 *
 * Files run in parallel: each test server has a database of its own (copied from the run's template,
 * test/test-databases.ts) and each broker test a Mosquitto of its own (test/private-mosquitto.ts).
 */
const SERVER_TESTS = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'];

/** A server test project on `db` (the root config has one per database), from the repository root. */
export function serverProject(
  db: 'system' | 'embedded',
  include = SERVER_TESTS,
): TestProjectInlineConfiguration {
  return {
    test: {
      name: `server:${db}`,
      root: './apps/server',
      include,
      env: { TEST_DB: db },
      globalSetup: ['./test/global-setup.ts'],
      // Modules are imported once per worker, not once per file (importing the server through tsx was
      // most of a small file's time): no file may rely on a fresh module state (none keeps any).
      isolate: false,
      // Sized for a machine at load average 8+: 2 cores shared by 4 runnable processes make a test
      // ~4× slower than on a quiet machine; the slowest take ~30 s there. The files' own waits are
      // conditions with deadlines.
      hookTimeout: 180_000,
      testTimeout: 180_000,
    },
  };
}

/** `npm test -w @towerwatch/server`: the server's files on the system PostgreSQL. */
export default defineConfig({ test: { ...serverProject('system').test, root: '.' } });

/**
 * The files that also run on the embedded PostgreSQL 18 (`npm start`'s database), where the system
 * server is another major version (15 on the CI machine): the files whose SQL depends on the server's
 * version — migrations and the pool, the embedded server itself, the ingest's write path (COPY, packed
 * telemetry), rollups, the analytics and SLA aggregates, the time-series reader, the JSON site list and
 * the counts. Every other file's SQL is scoped reads and writes that both versions run alike; running
 * the whole suite twice doubled its time for no failure ever seen on one version only
 * (docs/decisions/test-database-templates.md).
 */
export const DATABASE_VERSION_TESTS = [
  'src/db/**/*.test.ts',
  'test/foundation.test.ts',
  // Runs on the embedded PostgreSQL only: the program's stop order around the PostgreSQL it started.
  'test/shutdown.test.ts',
  'test/scope.test.ts',
  'src/ingest/persist-telemetry.test.ts',
  'src/ingest/batching.test.ts',
  'src/ingest/ingest.test.ts',
  'src/jobs/rollup.test.ts',
  'src/jobs/compress.test.ts',
  'src/seed/seed-history.test.ts',
  'src/modules/analytics/analytics-crosscheck.test.ts',
  'src/modules/analytics-sla/sla-report.test.ts',
  'src/modules/power-data/power-charts.test.ts',
  'src/modules/power-data/power-compressed.test.ts',
  'src/modules/site/site-list-json.test.ts',
  'src/modules/network/counts.test.ts',
];
