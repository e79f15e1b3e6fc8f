/**
 * Every server test file runs somewhere: a file whose tests run only on the embedded PostgreSQL
 * (`describe.runIf(inject('towerwatchDbKind') === 'embedded')`) must be in the embedded project's file
 * list (DATABASE_VERSION_TESTS), or both projects skip it and it never runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_VERSION_TESTS } from '../vitest.config.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(path.join(SERVER_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(rel);
    return /\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** Whether `file` is in the list: an exact entry or under a `dir/**` entry. */
function listed(file: string): boolean {
  return DATABASE_VERSION_TESTS.some((entry) =>
    entry.includes('/**/') ? file.startsWith(entry.slice(0, entry.indexOf('/**/') + 1)) : entry === file,
  );
}

describe('server test projects', () => {
  it('run every file that runs on the embedded PostgreSQL only in the embedded project', () => {
    const embeddedOnly = [...testFiles('src'), ...testFiles('test')].filter((file) =>
      /^describe\.runIf\(.*=== 'embedded'\)/m.test(readFileSync(path.join(SERVER_ROOT, file), 'utf8')),
    );
    expect(embeddedOnly).toContain('test/shutdown.test.ts');
    expect(embeddedOnly.filter((file) => !listed(file))).toEqual([]);
  });
});
