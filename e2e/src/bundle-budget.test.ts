/**
 * The sign-in page's JavaScript budget: at most 200 KB gzip for /login (docs/performance.md, issue 14's
 * "Done when"). The global setup has built the web app; the web's own report script computes the
 * initial JavaScript of each measured route from the build manifest (entry + the route's lazy chunks
 * and their static imports) and writes dist/initial-js.json, read here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web');
const LOGIN_BUDGET_BYTES = 200 * 1024;

describe('web bundle budget', () => {
  it('/login loads at most 200 KB of gzip JavaScript', () => {
    execFileSync('npx', ['tsx', 'scripts/report-initial-js.ts'], { cwd: WEB, stdio: 'pipe' });
    const report = JSON.parse(readFileSync(path.join(WEB, 'dist', 'initial-js.json'), 'utf8')) as Record<
      string,
      { js: number; files: string[] }
    >;
    const login = report['/login'];
    expect(login?.files.length).toBeGreaterThan(0);
    expect(login?.js).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
  });
});
