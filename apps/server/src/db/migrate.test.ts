/**
 * The migration runner on a real PostgreSQL: a database migrated before the migration numbers were
 * made unique (issue 11) has the old versions recorded; it migrates without re-running anything.
 * Migrations that fill existing rows are run on a database holding such rows.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { MIGRATIONS_DIR, RENAMED_MIGRATIONS, runMigrations } from './migrate.ts';
import { createPool, type Pool } from './pool.ts';

const url = () => inject('towerwatchDbUrl');
const today = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const oldNameOf = new Map(
  Object.entries(RENAMED_MIGRATIONS).map(([old, now]) => [`${now}.sql`, `${old}.sql`]),
);

/**
 * A migrations folder with some of today's files: by default as it was before the renames (the same
 * files, contents, under their old names).
 */
function oldFolder(files: string[], oldNames = true): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'towerwatch-old-migrations-'));
  for (const f of files) {
    copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, (oldNames && oldNameOf.get(f)) || f));
  }
  return dir;
}

async function recorded(pool: Pool): Promise<{ version: string; name: string; applied_at: Date }[]> {
  const { rows } = await pool.query<{ version: string; name: string; applied_at: Date }>(
    'select version, name, applied_at from schema_migrations order by version',
  );
  return rows;
}

let pool: Pool;
let schema: string;
const dirs: string[] = [];
beforeEach(async () => {
  schema = `tw_mig_${randomBytes(6).toString('hex')}`;
  const admin = createPool({ connectionString: url(), max: 1 });
  await admin.query(`create schema ${schema}`);
  await admin.end();
  pool = createPool({ connectionString: url(), searchPath: schema, max: 2 });
});
afterEach(async () => {
  await pool.end();
  const admin = createPool({ connectionString: url(), max: 1 });
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('renamed migrations', () => {
  it('each renamed migration exists under its new name, keeping its place in the apply order', () => {
    for (const now of Object.values(RENAMED_MIGRATIONS)) expect(today).toContain(`${now}.sql`);
    // Today's order under the old names is the old order (by file name): nothing moved.
    const asBefore = today.map((f) => oldNameOf.get(f) ?? f);
    expect(asBefore).toEqual([...asBefore].sort());
  });

  it('a database that recorded the old names migrates without re-running anything', async () => {
    const dir = oldFolder(today);
    dirs.push(dir);
    const first = await runMigrations(pool, { dir });
    expect(first).toContain('0300_telemetry_packed');
    expect(first).toContain('0400_dashboard_counts_4');
    const before = await recorded(pool);

    const log = { info: vi.fn(), warn: vi.fn() };
    expect(await runMigrations(pool, { log })).toEqual([]);
    expect(log.warn).not.toHaveBeenCalled();
    const after = await recorded(pool);
    expect(after.map((r) => `${r.version}.sql`)).toEqual(today);
    expect(after.map((r) => r.name)).toEqual(today);
    // The records are renamed, not re-inserted: same rows, same times.
    expect(after.map((r) => r.applied_at.getTime()).sort()).toEqual(
      before.map((r) => r.applied_at.getTime()).sort(),
    );
    expect(await runMigrations(pool)).toEqual([]);
  });

  it('a database migrated part way under the old names gets the rest under the new names', async () => {
    const upTo = today.indexOf('0300_ingest_claims_check.sql');
    expect(upTo).toBeGreaterThan(0);
    const dir = oldFolder(today.slice(0, upTo + 1));
    dirs.push(dir);
    await runMigrations(pool, { dir });
    const applied = await runMigrations(pool);
    expect(applied).toEqual(today.slice(upTo + 1).map((f) => f.slice(0, -4)));
    expect((await recorded(pool)).map((r) => r.name)).toEqual(today);
  });
});

describe('0590_events_company', () => {
  it("fills the company of the events already stored from their sites'", async () => {
    const dir = oldFolder(
      today.filter((f) => f < '0590'),
      false,
    );
    dirs.push(dir);
    await runMigrations(pool, { dir });
    await pool.query(
      `insert into companies (id, code, name, label) values ('ktbl', 'ktbl', 'K', 'K'), ('ftb', 'ftb', 'F', 'F')`,
    );
    await pool.query(
      `insert into sites (uid, name, company_id) values ('K', 'K', 'ktbl'), ('F', 'F', 'ftb')`,
    );
    await pool.query(
      `insert into events (site_uid, name, time) select s, 'door_open', now() from unnest('{K,F,K}'::text[]) s`,
    );
    expect(await runMigrations(pool)).toContain('0590_events_company');
    const { rows } = await pool.query('select site_uid, company_id from events order by id');
    expect(rows).toEqual([
      { site_uid: 'K', company_id: 'ktbl' },
      { site_uid: 'F', company_id: 'ftb' },
      { site_uid: 'K', company_id: 'ktbl' },
    ]);
  });
});
