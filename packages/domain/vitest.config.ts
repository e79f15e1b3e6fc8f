import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    // Sized for a machine at load average 8+ (a 5 s default failed CPU-bound fleet builds at load 19).
    testTimeout: 60_000,
    // Pure code and no module state a file depends on: one import per worker, not one per file.
    isolate: false,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
  },
});
