import { defineConfig } from 'vitest/config';

/**
 * Browser tests in real Chromium against real servers (started once by the global setup). The files
 * run in parallel with the other projects' files; each holds one of the servers to itself while it
 * runs (setup file server-lease.ts), so at most `E2E_SERVERS` (2) run at once. Limits are sized
 * for a busy machine (load average 8 and more): 120 s a test, 20 s for a polled expectation, 30 s for a
 * page or element (browser.ts PAGE_TIMEOUT_MS); tests wait for conditions, never for fixed delays.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    setupFiles: ['./src/server-lease.ts'],
    testTimeout: 120_000,
    expect: { poll: { timeout: 20_000 } },
    hookTimeout: 150_000,
    // The server stops its embedded PostgreSQL on SIGTERM, which can take a few seconds.
    teardownTimeout: 30_000,
  },
});
