/**
 * Each e2e file holds one of the global setup's servers to itself while it runs (a setup file of the
 * e2e project, so before the file's own hooks and after them): the e2e files run in parallel with the
 * other projects' files, at most one per server, and a file never sees another file's changes while
 * it runs — as when they ran one after another on one server.
 *
 * A lease is a file `server-<i>.lease` in the global setup's lease directory, created exclusively,
 * holding the worker's process and thread id and when it was taken. It is removed after the file's
 * tests. A lease whose process is gone, or that this same worker holds (a worker runs one file at a
 * time, so it is the lease of an earlier file whose hooks did not finish), is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, inject } from 'vitest';
import type { E2eServer } from './global-setup.ts';

/** How long a file may wait for a free server: several files' run time on a busy machine. */
const LEASE_WAIT_MS = 900_000;
const POLL_MS = 250;

let held: { server: E2eServer; file: string } | undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lease `file` when it is free (or stale); false when another running file holds it. */
function tryTake(file: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, threadId, at: new Date().toISOString() }));
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: { pid?: number; threadId?: number } = {};
    try {
      holder = JSON.parse(readFileSync(file, 'utf8')) as { pid?: number; threadId?: number };
    } catch {
      // being written right now, or just removed: try again later
      return false;
    }
    const mine = holder.pid === process.pid && holder.threadId === threadId;
    const stale = holder.pid === undefined || mine || !alive(holder.pid);
    if (!stale) return false;
    rmSync(file, { force: true });
  }
  return false;
}

beforeAll(async () => {
  const servers = inject('e2eServers');
  const dir = inject('e2eLeaseDir');
  const deadline = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    for (const [index, server] of servers.entries()) {
      const file = path.join(dir, `server-${index}.lease`);
      if (tryTake(file)) {
        held = { server, file };
        return;
      }
    }
    if (Date.now() > deadline) throw new Error(`no e2e server came free in ${LEASE_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}, LEASE_WAIT_MS + 10_000);

afterAll(() => {
  if (held) rmSync(held.file, { force: true });
  held = undefined;
});

/** The server this file holds (inside its hooks and tests). */
export function leasedServer(): E2eServer {
  if (!held) throw new Error('the e2e server is leased in beforeAll: use it inside a hook or test');
  return held.server;
}
