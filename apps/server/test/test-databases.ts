/**
 * Test databases from templates. A test run migrates (and seeds) twice, once per template, in the
 * global setup; every test server then gets its own database as a file-level copy of a template
 * (`create database … template …`), which takes a fraction of a second where migrating and seeding
 * a fresh schema took 5–8 s on a busy machine (docs/decisions/test-database-templates.md).
 */
import { randomBytes } from 'node:crypto';
import { runMigrations } from '../src/db/migrate.ts';
import { createPool } from '../src/db/pool.ts';
import { seedDemoData } from '../src/seed/seed.ts';

/** The templates of one test run: migrated only, and migrated + demo data. */
export interface TestTemplates {
  bare: string;
  seeded: string;
}

/** `url` with its database replaced by `database`. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onAdmin(url: string, sql: string): Promise<void> {
  const admin = createPool({ connectionString: url, max: 1 });
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A fresh, unique database name with `prefix`. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Creates the run's two templates on the server of `url` (connected to as its maintenance database). */
export async function createTestTemplates(url: string): Promise<TestTemplates> {
  const run = randomBytes(4).toString('hex');
  const templates = { bare: `twtpl_${run}_bare`, seeded: `twtpl_${run}_seeded` };
  for (const [kind, name] of Object.entries(templates)) {
    await onAdmin(url, `create database ${name}`);
    const pool = createPool({ connectionString: databaseUrl(url, name), max: 2 });
    try {
      await runMigrations(pool);
      if (kind === 'seeded') await seedDemoData({ pool });
    } finally {
      await pool.end();
    }
  }
  return templates;
}

/** Drops the run's templates (and any database a crashed test left behind from them). */
export async function dropTestTemplates(url: string, templates: TestTemplates): Promise<void> {
  for (const name of Object.values(templates))
    await onAdmin(url, `drop database if exists ${name} with (force)`);
}

/** A new database copied from `template`; returns its URL and how to drop it. */
export async function cloneTemplate(
  url: string,
  template: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = uniqueDatabaseName('tw');
  await onAdmin(url, `create database ${name} template ${template}`);
  return {
    name,
    url: databaseUrl(url, name),
    drop: () => onAdmin(url, `drop database if exists ${name} with (force)`),
  };
}
