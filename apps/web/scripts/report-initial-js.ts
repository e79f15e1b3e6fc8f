/**
 * Prints the initial JavaScript (gzip) a browser loads for /login and /dashboard after `vite build`:
 * the entry chunk and its static imports, plus the route's lazy chunks (layout, page) and their static imports (read
 * from dist/.vite/manifest.json). Also writes dist/initial-js.json for the web benchmark. The build folder
 * is the first argument (scripts/build.ts measures its build before swapping it in), else dist/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The build to measure: the folder given as the first argument (scripts/build.ts), else dist/. */
const dist = process.argv[2]
  ? pathToFileURL(`${path.resolve(process.argv[2])}/`)
  : new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** Route → the modules its lazy routes load: layout and page (see src/app/router.tsx). */
const MEASURED_ROUTES: Record<string, string[]> = {
  '/login': ['src/features/auth/pages/login-page.tsx'],
  '/dashboard': [
    'src/app/layouts/default-layout.tsx',
    'src/features/dashboard/pages/business-dashboard-page.tsx',
  ],
};

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    seen.add(key);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const gzipSize = (file: string) => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('no entry chunk in the manifest');

const report: Record<string, { js: number; css: number; files: string[] }> = {};
for (const [route, modules] of Object.entries(MEASURED_ROUTES)) {
  const keys = closure([entry, ...modules]);
  const files = [...keys].map((key) => manifest[key]?.file ?? key);
  const css = [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))];
  report[route] = {
    js: files.reduce((sum, file) => sum + gzipSize(file), 0),
    css: css.reduce((sum, file) => sum + gzipSize(file), 0),
    files,
  };
}

console.log('\nInitial JavaScript per route (gzip):');
for (const [route, { js, css, files }] of Object.entries(report)) {
  console.log(
    `  ${route.padEnd(12)} JS ${kb(js).padStart(9)}  CSS ${kb(css).padStart(8)}  (${files.length} chunks)`,
  );
}
writeFileSync(new URL('initial-js.json', dist), `${JSON.stringify(report, null, 2)}\n`);
