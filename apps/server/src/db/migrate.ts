/**
 * SQL migration runner: applies `migrations/NNNN_name.sql` in order, each in its own transaction,
 * recorded in `schema_migrations`. A session advisory lock (per schema) keeps concurrent processes
 * from racing: the second waits, then finds nothing left to do. Numbers are unique and increasing
 * (`npm run check:files` enforces it); versions recorded under an earlier name are renamed first
 * ({@link RENAMED_MIGRATIONS}).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { SERVER_ROOT } from '../config.ts';
import type { Pool } from './pool.ts';

/** The server's migrations folder. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

const FILE_PATTERN = /^(\d{4})_[a-z0-9_-]+\.sql$/;

/**
 * Migrations renamed after they shipped, recorded version → today's version. Issue 11 made the
 * numbers unique (two `0300_*` and four `0400_dashboard_counts*` files shared a number); the apply
 * order (by file name) is unchanged, and so are the files' contents (their checksums). A database
 * migrated before the rename has the old versions in `schema_migrations`: they are renamed before
 * comparing, so nothing runs twice. Entries stay as long as such databases may exist.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '0300_telemetry_packed': '0301_telemetry_packed',
  '0400_dashboard_counts_2': '0401_dashboard_counts_delta_ids',
  '0400_dashboard_counts_3': '0402_dashboard_counts_delta_id_index',
  '0400_dashboard_counts_4': '0403_dashboard_counts_compacted',
};

/** Applies pending migrations; returns the versions applied now. */
export async function runMigrations(
  pool: Pool,
  opts: { dir?: string; log?: Pick<Logger, 'info' | 'warn'> } = {},
): Promise<string[]> {
  const dir = opts.dir ?? MIGRATIONS_DIR;
  const files = readdirSync(dir)
    .filter((f) => FILE_PATTERN.test(f))
    .sort();
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('towerwatch.migrations.' || current_schema()))`);
    try {
      await client.query(`create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`);
      const renamed = await client.query<{ version: string }>(
        `update schema_migrations m set version = r.new, name = r.new || '.sql'
         from unnest($1::text[], $2::text[]) as r(old, new)
         where m.version = r.old and not exists (select 1 from schema_migrations x where x.version = r.new)
         returning m.version`,
        [Object.keys(RENAMED_MIGRATIONS), Object.values(RENAMED_MIGRATIONS)],
      );
      for (const r of renamed.rows) opts.log?.info({ version: r.version }, 'migration record renamed');
      const { rows } = await client.query<{ version: string; checksum: string }>(
        'select version, checksum from schema_migrations',
      );
      const applied = new Map(rows.map((r) => [r.version, r.checksum]));
      const done: string[] = [];
      for (const file of files) {
        // The whole file name (without .sql) is the version, so two files sharing a number both run.
        const version = file.slice(0, -4);
        const sql = readFileSync(path.join(dir, file), 'utf8');
        const checksum = createHash('sha256').update(sql).digest('hex');
        const previous = applied.get(version);
        if (previous !== undefined) {
          if (previous !== checksum) opts.log?.warn({ file }, 'applied migration changed since it ran');
          continue;
        }
        try {
          await client.query('begin');
          await client.query(sql);
          await client.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
            version,
            file,
            checksum,
          ]);
          await client.query('commit');
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
        }
        opts.log?.info({ file }, 'migration applied');
        done.push(version);
      }
      return done;
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('towerwatch.migrations.' || current_schema()))`);
    }
  } finally {
    client.release();
  }
}
