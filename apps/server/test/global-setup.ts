/**
 * Vitest globalSetup of the server projects: decides the database server every test file of the
 * project uses, provides its URL (`inject('towerwatchDbUrl')`), and creates the run's template
 * databases (`inject('towerwatchTemplates')`: migrated, and migrated + demo data) that every test
 * server copies (test-databases.ts).
 * - `TEST_DB=system` (default): the PostgreSQL at 127.0.0.1:5432, database `test`
 *   (override with TEST_DATABASE_URL; the user must be allowed to create databases).
 * - `TEST_DB=embedded`: one embedded PostgreSQL 18 for the whole project, in a temp dir on a free
 *   port, stopped and removed after the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createLogger } from '../src/logger.ts';
import { createTestTemplates, dropTestTemplates, type TestTemplates } from './test-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    towerwatchDbUrl: string;
    towerwatchDbKind: 'system' | 'embedded';
    towerwatchTemplates: TestTemplates;
  }
}

export const SYSTEM_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const kind = (project.config.env?.TEST_DB ?? process.env.TEST_DB ?? 'system') as string;
  if (kind !== 'embedded') {
    const url = process.env.TEST_DATABASE_URL ?? SYSTEM_TEST_DATABASE_URL;
    const templates = await createTestTemplates(url);
    project.provide('towerwatchDbKind', 'system');
    project.provide('towerwatchDbUrl', url);
    project.provide('towerwatchTemplates', templates);
    return () => dropTestTemplates(url, templates);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'towerwatch-test-pg-'));
  const pg = await startEmbeddedPostgres({
    dataDir: dir,
    port: 0,
    database: 'test',
    log: createLogger('warn'),
  });
  project.provide('towerwatchDbKind', 'embedded');
  project.provide('towerwatchDbUrl', pg.url);
  project.provide('towerwatchTemplates', await createTestTemplates(pg.url));
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
