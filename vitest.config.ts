import { defineConfig } from 'vitest/config';
import { DATABASE_VERSION_TESTS, serverProject } from './apps/server/vitest.config.ts';
import { InterleavingSequencer } from './scripts/test-sequencer.ts';

/**
 * One test run for the whole workspace: every package is a vitest project. The server's files run
 * against the system PostgreSQL, and those that depend on the database's version also against an
 * embedded PostgreSQL 18 (see apps/server/vitest.config.ts and apps/server/test/global-setup.ts).
 * Benchmarks are not tests: `npm run bench:smoke` runs them in their tiny size (bench/README.md).
 */
export default defineConfig({
  test: {
    // Most test files wait on PostgreSQL, brokers, sockets and child processes, not on the CPU: more
    // files at once than the 2 cores keeps both busy (docs/performance.md "npm test duration").
    maxWorkers: 4,
    // The e2e files run beside the others, not all at once (scripts/test-sequencer.ts).
    sequence: { sequencer: InterleavingSequencer },
    projects: [
      'packages/*',
      'apps/web',
      'apps/simulator',
      'e2e',
      'bench',
      serverProject('system'),
      serverProject('embedded', DATABASE_VERSION_TESTS),
    ],
  },
});
