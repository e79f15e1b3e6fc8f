import { defineConfig } from 'vitest/config';

/**
 * Browser tests in real Chromium against the real server (started once by the global setup).
 * Files run one after another: they share that server and the machine has 2 cores.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 150_000,
    // The server stops its embedded PostgreSQL on SIGTERM, which can take a few seconds.
    teardownTimeout: 30_000,
  },
});
