/**
 * `npm run build -w @towerwatch/web` (and so `npm start`): builds the web app into a folder of its own
 * and swaps it in atomically, so builds running at once — two `npm start`s of one checkout, a test run
 * beside a running server — never write into or empty the folder a server is serving
 * (docs/operations.md "Building the web app").
 *
 * `apps/web/dist` is a symbolic link to `apps/web/.builds/<build>`: each build is made in
 * `.builds/tmp-<build>`, measured (scripts/report-initial-js.ts), renamed to `.builds/<build>`, and
 * the link is replaced in one rename(2). The last build to finish wins; the folder it replaces is kept
 * (a server started on it keeps its files), older ones are removed. A `dist` that is still a plain
 * folder (a checkout from before) is moved into `.builds` the first time. Extra arguments go to
 * `vite build`.
 */
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILDS = path.join(WEB, '.builds');
const DIST = path.join(WEB, 'dist');
/** Finished builds kept besides the one `dist` points at (a server started on one keeps its assets). */
const KEEP_PREVIOUS = 1;
/** An unfinished build older than this is a crashed one: removed. */
const STALE_TMP_MS = 60 * 60 * 1000;

const id = `${Date.now()}-${process.pid}`;
const tmp = path.join(BUILDS, `tmp-${id}`);
const done = path.join(BUILDS, id);

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Points `dist` at `target` in one rename; moves a plain `dist` folder out of the way first. */
function swapIn(target: string): void {
  try {
    if (!lstatSync(DIST).isSymbolicLink()) renameSync(DIST, path.join(BUILDS, `${id}-before`));
  } catch (error) {
    // No dist yet, or another build moved the plain folder a moment ago.
    if (!isMissing(error)) throw error;
  }
  const link = path.join(WEB, `.dist-link-${id}`);
  symlinkSync(path.relative(WEB, target), link, 'dir');
  renameSync(link, DIST);
}

/** The build `dist` points at now (its folder name), or null. */
function current(): string | null {
  try {
    return path.basename(readlinkSync(DIST));
  } catch {
    return null;
  }
}

/** Removes finished builds but the current one and the latest previous, and crashed unfinished ones. */
function prune(): void {
  const now = Date.now();
  const live = current();
  const finished: { name: string; mtime: number }[] = [];
  for (const name of readdirSync(BUILDS)) {
    const full = path.join(BUILDS, name);
    const mtime = statSync(full).mtimeMs;
    if (name.startsWith('tmp-')) {
      if (now - mtime > STALE_TMP_MS) rmSync(full, { recursive: true, force: true });
    } else if (name !== live) finished.push({ name, mtime });
  }
  finished.sort((a, b) => b.mtime - a.mtime);
  for (const { name } of finished.slice(KEEP_PREVIOUS)) {
    rmSync(path.join(BUILDS, name), { recursive: true, force: true });
  }
}

mkdirSync(BUILDS, { recursive: true });
try {
  execFileSync('npx', ['vite', 'build', '--outDir', tmp, '--emptyOutDir', ...process.argv.slice(2)], {
    cwd: WEB,
    stdio: 'inherit',
  });
  execFileSync('npx', ['tsx', 'scripts/report-initial-js.ts', tmp], { cwd: WEB, stdio: 'inherit' });
  renameSync(tmp, done);
} catch (error) {
  rmSync(tmp, { recursive: true, force: true });
  throw error;
}
swapIn(done);
prune();
console.log(`apps/web/dist → .builds/${id}`);
