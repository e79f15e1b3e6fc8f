/**
 * Rule "domain-rule-copy": a rule or list of the product spec lives once, in packages/domain
 * (docs/decisions/one-home-per-rule.md). Scans the sources of apps/ and packages/
 * (not packages/domain, not tests) and fails when a file
 * - declares `const NAME =` where NAME is also a value the domain exports (a second copy of a rule), or
 * - holds a literal array of 3 or more of the domain's alarm ids (a copied alarm list: build it from
 *   the domain's lists instead).
 *
 * A line `// domain-rule-copy-ignore: <reason>` right above a finding's line allows it (for lists
 * that only look like domain lists, e.g. the device protocol's event names).
 *
 * Run: `npx tsx scripts/check-domain-copies.ts` (exit 1 on a finding, one line per finding).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as domain from '../packages/domain/src/index.ts';

const ROOT = join(import.meta.dirname, '..');
const SCANNED = ['apps', 'packages'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', 'domain']);
const MIN_ALARM_IDS = 3;
const IGNORE = 'domain-rule-copy-ignore:';

/** Source files under `dir`, without tests, declarations and packages/domain. */
function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.') || SKIPPED_DIRS.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (
      /\.tsx?$/.test(entry) &&
      !/\.(test|spec|d)\.tsx?$/.test(entry) &&
      !/test-support|testing/.test(path)
    )
      out.push(path);
  }
  return out;
}

const domainNames = new Set(Object.keys(domain));
const alarmIds = new Set<string>(domain.SITE_ALARM_IDS);

/** Findings of one file's text: `line: message`. */
export function findCopies(text: string): string[] {
  const findings: string[] = [];
  const lines = text.split('\n');
  /** True when the line (1-based) above `line` opts out. */
  const ignored = (line: number) => (lines[line - 2] ?? '').includes(IGNORE);
  lines.forEach((line, i) => {
    const decl = /^\s*(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*[:=]/.exec(line);
    if (decl?.[1] && domainNames.has(decl[1]) && !ignored(i + 1)) {
      findings.push(`${i + 1}: const ${decl[1]} re-declares the domain export of that name`);
    }
  });
  for (const match of text.matchAll(/\[([^[\]]*)\]/g)) {
    const quoted = [...(match[1] ?? '').matchAll(/['"]([a-z0-9_]+)['"]/g)].map((m) => m[1] ?? '');
    const ids = new Set(quoted.filter((q) => alarmIds.has(q)));
    if (ids.size >= MIN_ALARM_IDS) {
      const line = text.slice(0, match.index).split('\n').length;
      if (ignored(line)) continue;
      findings.push(
        `${line}: literal list of ${ids.size} domain alarm ids (${[...ids].slice(0, 4).join(', ')}, …)`,
      );
    }
  }
  return findings;
}

const problems: string[] = [];
for (const top of SCANNED) {
  for (const file of sourceFiles(join(ROOT, top))) {
    for (const finding of findCopies(readFileSync(file, 'utf8'))) {
      problems.push(`domain-rule-copy: ${relative(ROOT, file)}:${finding}`);
    }
  }
}
if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(
    `\n${problems.length} copy(ies) of domain rules outside packages/domain: import them from @towerwatch/domain.`,
  );
  process.exit(1);
}
console.log('domain-rule-copy: no copies of domain rules outside packages/domain');
