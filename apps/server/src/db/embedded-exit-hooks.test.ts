import asyncExitHook from 'async-exit-hook';
import { describe, expect, it } from 'vitest';
import './embedded.ts';

describe('embedded PostgreSQL exit hooks', () => {
  it('removes its process exit hooks, so the importing process keeps its own exit code and signal handling', () => {
    // A beforeExit hook would call process.exit(0) and turn a failed run into a passing one.
    expect(asyncExitHook.hookedEvents()).toEqual([]);
  });
});
