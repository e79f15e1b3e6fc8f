/**
 * `npm run nats:auth -w @towerwatch/server -- <file>`: writes the device identity part of the
 * nats-server config (./device-auth.ts) from the configured database to `<file>` (replaced at once,
 * never half written), for `include` in the NATS config; then `nats-server --signal reload` on each
 * NATS node applies it (docs/operations.md "Device identity on NATS"). Run with the servers'
 * environment: TOKEN_SECRET (the server processes' login), NATS_URL and NATS_PARTITIONS (the mapping).
 */
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { createLogger } from '../../logger.ts';
import { natsAuthConfig } from './device-auth.ts';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run nats:auth -w @towerwatch/server -- <file>');
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
const config = loadConfig();
// The mapping's partitions must be the workers' NATS_PARTITIONS: run with the servers' environment.
if (!config.nats) {
  console.error('nats:auth: set NATS_URL and NATS_PARTITIONS (and TOKEN_SECRET) as for the servers');
  process.exit(2);
}
const partitions = config.nats.partitions;
const log = createLogger(config.logLevel);
const db = await openDatabase(config, log);
try {
  const started = Date.now();
  const { text, summary } = await natsAuthConfig(db.pool, config.tokenSecret, partitions);
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, file);
  log.info(
    { file, devices: summary.devices, bytes: text.length, ms: Date.now() - started },
    'nats auth config written',
  );
  if (summary.skipped.length > 0)
    log.warn(
      { count: summary.skipped.length, first: summary.skipped.slice(0, 20) },
      'devices without a bcrypt secret have no NATS user: set a new secret for each',
    );
} finally {
  await db.close();
}
