/**
 * Vitest globalSetup of the server projects: decides the database every test file of the project
 * uses and provides its URL (`inject('towerwatchDbUrl')`).
 * - `TEST_DB=system` (default): the PostgreSQL at 127.0.0.1:5432, database `test`
 *   (override with TEST_DATABASE_URL); each test server gets a fresh schema.
 * - `TEST_DB=embedded`: one embedded PostgreSQL 18 for the whole project, in a temp dir on a free
 *   port, stopped and removed after the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createLogger } from '../src/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    towerwatchDbUrl: string;
    towerwatchDbKind: 'system' | 'embedded';
  }
}

export const SYSTEM_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const kind = (project.config.env?.TEST_DB ?? process.env.TEST_DB ?? 'system') as string;
  if (kind !== 'embedded') {
    project.provide('towerwatchDbKind', 'system');
    project.provide('towerwatchDbUrl', process.env.TEST_DATABASE_URL ?? SYSTEM_TEST_DATABASE_URL);
    return undefined;
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
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
