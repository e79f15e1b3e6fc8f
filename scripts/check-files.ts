/**
 * `npm run check:files`: the repository rules an import graph cannot see (issue 11,
 * docs/decisions/file-rules.md). Prints one line per failure, `<rule>: <file>: <why>`, and exits 1
 * when there is any.
 *
 * - `max-file-lines`: a source file (.ts/.tsx/.js/.mjs/.cjs, tests included) has at most 400 lines.
 * - `migration-name`: every file in apps/server/migrations is `NNNN_snake_name.sql`.
 * - `migration-number-unique`: no two migrations share a number (so file-name order is number order).
 * - `migration-order`: a migration is never added below one that already existed when it was added
 *   (git history: an existing database would apply it after the higher one, a fresh one before).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const MIGRATIONS = 'apps/server/migrations';
const MIGRATION_NAME = /^(\d{4})_[a-z0-9]+(?:_[a-z0-9]+)*\.sql$/;

/**
 * Migrations added below a higher number that existed already, before the rule (early development:
 * 0002_fleet came after 0200_ingest). Every existing database has both, so their order no longer matters.
 */
const ADDED_OUT_OF_ORDER_BEFORE_THE_RULE: readonly string[] = ['0002_fleet.sql'];

const failures: string[] = [];
const notes: string[] = [];
const fail = (rule: string, file: string, why: string) => failures.push(`${rule}: ${file}: ${why}`);

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

/** Tracked and new (not ignored) files; without git, a walk that skips the usual build output. */
function repositoryFiles(): string[] {
  const listed = git(['ls-files', '--cached', '--others', '--exclude-standard']);
  if (listed !== null) return listed.split('\n').filter((f) => f !== '');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'data', '.git', 'coverage'].includes(entry.name)) walk(rel);
      } else out.push(rel);
    }
  };
  walk('');
  return out;
}

function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function checkFileSizes(files: string[]): void {
  for (const file of files) {
    if (!SOURCE.test(file)) continue;
    let text: string;
    try {
      text = readFileSync(path.join(ROOT, file), 'utf8');
    } catch {
      continue; // deleted in the working tree, still in the index
    }
    const lines = lineCount(text);
    if (lines <= MAX_LINES) continue;
    fail('max-file-lines', file, `${lines} lines (at most ${MAX_LINES}): split it by responsibility`);
  }
}

function checkMigrationNames(): string[] {
  const names = readdirSync(path.join(ROOT, MIGRATIONS)).sort();
  const byNumber = new Map<string, string>();
  for (const name of names) {
    const file = `${MIGRATIONS}/${name}`;
    const number = MIGRATION_NAME.exec(name)?.[1];
    if (number === undefined) {
      fail('migration-name', file, 'must be NNNN_snake_name.sql (four digits, lower-case snake_case name)');
      continue;
    }
    const other = byNumber.get(number);
    if (other !== undefined) fail('migration-number-unique', file, `shares number ${number} with ${other}`);
    else byNumber.set(number, name);
  }
  return names.filter((n) => MIGRATION_NAME.test(n));
}

/** The commit that added a migration (following renames); null when it is not committed yet. */
function addedIn(name: string): string | null {
  const log = git(['log', '--follow', '--diff-filter=A', '--format=%H', '--', `${MIGRATIONS}/${name}`]);
  const commits = (log ?? '').trim().split('\n').filter(Boolean);
  return commits.at(-1) ?? null;
}

function checkMigrationOrder(names: string[]): void {
  if (git(['rev-parse', '--is-shallow-repository'])?.trim() !== 'false') {
    notes.push('migration-order: skipped (no git history here)');
    return;
  }
  const added = new Map(names.map((n) => [n, addedIn(n)]));
  const isAncestor = (a: string, b: string) => git(['merge-base', '--is-ancestor', a, b]) !== null;
  for (const [i, low] of names.entries()) {
    if (ADDED_OUT_OF_ORDER_BEFORE_THE_RULE.includes(low)) continue;
    const lowCommit = added.get(low) ?? null;
    for (const high of names.slice(i + 1)) {
      const highCommit = added.get(high) ?? null;
      // `high` was there before `low` was added: committed earlier in low's history, or low is new.
      if (highCommit === null || highCommit === lowCommit) continue;
      if (lowCommit === null || isAncestor(highCommit, lowCommit)) {
        fail(
          'migration-order',
          `${MIGRATIONS}/${low}`,
          `added after ${high} existed: take a number above every existing migration`,
        );
        break;
      }
    }
  }
}

checkFileSizes(repositoryFiles());
checkMigrationOrder(checkMigrationNames());
for (const note of notes) console.log(`note ${note}`);
for (const failure of failures) console.error(`error ${failure}`);
if (failures.length > 0) {
  console.error(`\n${failures.length} file rule violation(s); see docs/decisions/file-rules.md.`);
  process.exitCode = 1;
} else console.log('check:files: file sizes and migration names OK');
