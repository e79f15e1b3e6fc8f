import { defineConfig } from 'vitest/config';

/** One test run for the whole workspace: every package is a vitest project. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e', 'bench'],
  },
});
