import { defineConfig } from 'vitest/config';

/**
 * The server's tests. The root vitest.config.ts runs them as `server:system` (PostgreSQL at
 * 127.0.0.1:5432: every file) and `server:embedded` (embedded PostgreSQL 18: the files in
 * {@link DATABASE_VERSION_TESTS}), by setting TEST_DB.
 *
 * Files run in parallel: each test server has a database of its own (copied from the run's template,
 * test/test-databases.ts) and each broker test a Mosquitto of its own (test/private-mosquitto.ts).
 */
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Sized for a machine at load average 8+ (the files' own waits are conditions with deadlines).
    hookTimeout: 120_000,
    testTimeout: 60_000,
  },
});

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
  'test/scope.test.ts',
  'src/ingest/persist-telemetry.test.ts',
  'src/ingest/batching.test.ts',
  'src/ingest/ingest.test.ts',
  'src/jobs/rollup.test.ts',
  'src/seed/seed-history.test.ts',
  'src/modules/analytics/analytics-crosscheck.test.ts',
  'src/modules/analytics-sla/sla-report.test.ts',
  'src/modules/power-data/power-charts.test.ts',
  'src/modules/site/site-list-json.test.ts',
  'src/modules/network/counts.test.ts',
];
