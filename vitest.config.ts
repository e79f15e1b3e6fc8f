import { defineConfig } from 'vitest/config';

/**
 * One test run for the whole workspace: every package is a vitest project. The server runs twice,
 * against the system PostgreSQL and the embedded PostgreSQL 18 (see apps/server/test/global-setup.ts).
 */
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/web',
      'apps/simulator',
      'e2e',
      'bench',
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server:system', root: './apps/server', env: { TEST_DB: 'system' } },
      },
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server:embedded', root: './apps/server', env: { TEST_DB: 'embedded' } },
      },
    ],
  },
});
