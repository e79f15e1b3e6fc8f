/** `npm run seed`: opens the configured database (embedded by default), migrates and seeds. */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { seedDemoData } from './seed.ts';

const config = loadConfig();
const log = createLogger(config.logLevel);
const db = await openDatabase(config, log);
try {
  await seedDemoData({ pool: db.pool, log });
} finally {
  await db.close();
}
