/**
 * Rule `spec-citation`: source files cite the requirements inside the repository.
 *
 * Fails (exit 1) when a .ts/.tsx/.sql file under apps/, packages/, e2e/ or bench/ mentions the
 * external spec documents ("platform-core", "feature-areas") or cites
 * `docs/requirements.md#<anchor>` with an anchor that docs/requirements.md does not define
 * (`<a id="<anchor>"></a>`). Run from the repository root: `tsx scripts/check-citations.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

const RULE = 'spec-citation';
const REQUIREMENTS = 'docs/requirements.md';
const ROOTS = ['apps', 'packages', 'e2e', 'bench'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.sql']);
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git']);
const EXTERNAL = /platform-core|feature-areas/;
const CITATION = /docs\/requirements\.md#([A-Za-z0-9_-]*)/g;

/** Every file below `dir` (relative to the root) with a checked extension. */
function* sourceFiles(dir: string): Generator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* sourceFiles(path);
    } else if (EXTENSIONS.has(extname(entry.name))) {
      yield path;
    }
  }
}

const anchors = new Set(
  [...readFileSync(REQUIREMENTS, 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]),
);
const problems: string[] = [];
let cited = 0;
for (const root of ROOTS) {
  for (const file of sourceFiles(root)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const where = `${file.split('\\').join('/')}:${index + 1}`;
      if (EXTERNAL.test(line)) {
        problems.push(`${where}: cites a document outside the repository; cite ${REQUIREMENTS}#<anchor>`);
      }
      for (const match of line.matchAll(CITATION)) {
        cited += 1;
        if (!anchors.has(match[1] ?? '')) {
          problems.push(`${where}: ${REQUIREMENTS}#${match[1]} is not an anchor of ${REQUIREMENTS}`);
        }
      }
    });
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`${RULE}: ${problem}`);
  console.error(`${RULE}: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`${RULE}: ${cited} citations, all anchors exist`);
