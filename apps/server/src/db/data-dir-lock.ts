/**
 * An exclusive lock on a data directory: a file holding the owner's pid. A live owner makes a second
 * process refuse to start with a clear message; a dead owner's lock is taken over.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** Thrown when another live process owns the data directory. */
export class DataDirInUseError extends Error {}

/** True when a process with this pid exists (EPERM: exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim().split('\n')[0] ?? '', 10);
    return Number.isNaN(pid) ? undefined : pid;
  } catch {
    return undefined;
  }
}

export interface DataDirLock {
  /** pid of the previous owner when it had died without releasing the lock. */
  staleOwner: number | undefined;
  release(): void;
}

/** Takes the lock file `file` for this process or throws {@link DataDirInUseError}. */
export function acquireDataDirLock(file: string, what: string): DataDirLock {
  let staleOwner: number | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
      return {
        staleOwner,
        release: () => {
          if (readPid(file) === process.pid) unlinkSync(file);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readPid(file);
      if (owner !== undefined && owner !== process.pid && isProcessAlive(owner)) {
        throw new DataDirInUseError(
          `${what} is already in use by process ${owner} (lock file ${file}). ` +
            'Only one server process may own an embedded data directory: stop that process, ' +
            'use another DATA_DIR, or run more processes against an external PostgreSQL (DATABASE_URL).',
        );
      }
      staleOwner = owner;
      try {
        unlinkSync(file);
      } catch {
        // another process removed it first; retry the exclusive create
      }
    }
  }
  throw new DataDirInUseError(`${what}: could not take the lock file ${file}; another process is starting.`);
}

/** pid in PostgreSQL's `postmaster.pid` of a data directory, if present. */
export function postmasterPid(pgDataDir: string): number | undefined {
  return readPid(`${pgDataDir}/postmaster.pid`);
}
