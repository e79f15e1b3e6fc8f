import { defineConfig } from 'vitest/config';

/** `npm run bench:smoke`: every benchmark script once in its tiny size (smoke/benchmarks.smoke.ts). */
export default defineConfig({
  test: {
    name: 'bench:smoke',
    include: ['smoke/**/*.smoke.ts'],
    // Two scripts at a time: each starts real servers.
    maxConcurrency: 2,
  },
});
