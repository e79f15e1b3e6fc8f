import { defineConfig } from 'vitest/config';

/**
 * The server's tests. The root vitest.config.ts runs them twice, as `server:system` (PostgreSQL at
 * 127.0.0.1:5432) and `server:embedded` (embedded PostgreSQL 18), by setting TEST_DB.
 */
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // One file at a time (the files share the machine's Mosquitto). Vitest runs every project with
    // fileParallelism off (both server projects and e2e) in one group, one file at a time across all of
    // them (docs/performance.md "`npm test` duration … same machine (2026-11-27)").
    fileParallelism: false,
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});
