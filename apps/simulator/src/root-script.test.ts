import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

describe('npm run simulate at the repository root', () => {
  it('passes its arguments to the simulator (README usage)', () => {
    const out = execFileSync('npm', ['run', '--silent', 'simulate', '--', '--help'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(out).toContain('usage:');
    expect(out).toContain('--scenario NAME --site UID');
  }, 60_000);
});
