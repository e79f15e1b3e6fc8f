import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    // Component tests (*.test.tsx, happy-dom) click and type through React renders: sized for a busy machine.
    testTimeout: 30_000,
  },
});
