/**
 * Opens the database of the configuration: external PostgreSQL (DATABASE_URL, versions 15-18) or the
 * embedded one; runs the migrations.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';
import { createPool, type Pool } from './pool.ts';

export interface Database {
  pool: Pool;
  kind: 'embedded' | 'external';
  close(): Promise<void>;
}

/** Oldest PostgreSQL major version supported (ARCHITECTURE: 15-18). */
export const MIN_PG_MAJOR = 15;

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'embeddedPgPort' | 'embeddedPgSettings' | 'dbPoolMax'>,
  log: Logger,
): Promise<Database> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        settings: config.embeddedPgSettings,
        log,
      });
  const url = config.databaseUrl ?? embedded?.url;
  if (!url) throw new Error('no database URL');
  const pool = createPool({ connectionString: url, max: config.dbPoolMax });
  try {
    const { rows } = await pool.query<{ v: string }>(`select current_setting('server_version_num') as v`);
    const major = Math.floor(Number(rows[0]?.v) / 10000);
    if (major < MIN_PG_MAJOR)
      throw new Error(`PostgreSQL ${major} is too old: ${MIN_PG_MAJOR} or newer is needed`);
    await runMigrations(pool, { log });
  } catch (err) {
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
  return {
    pool,
    kind: embedded ? 'embedded' : 'external',
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}
