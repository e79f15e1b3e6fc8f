import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.ts';

describe('data directory lock', () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), 'tw-lock-'));

  it('is taken and released by this process', () => {
    const file = path.join(dir(), 'pg.lock');
    const lock = acquireDataDirLock(file, 'dir');
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a second owner while the first lives', () => {
    const file = path.join(dir(), 'pg.lock');
    // the parent process (vitest) is alive
    writeFileSync(file, `${process.ppid}\n`);
    expect(() => acquireDataDirLock(file, 'The data directory X')).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(file, 'The data directory X')).toThrow(/already in use by process/);
  });

  it('takes over the lock of a dead owner', () => {
    const file = path.join(dir(), 'pg.lock');
    writeFileSync(file, '2147483646\n');
    const lock = acquireDataDirLock(file, 'dir');
    expect(lock.staleOwner).toBe(2147483646);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});
