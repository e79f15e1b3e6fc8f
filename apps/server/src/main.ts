/**
 * The server program: `npm start`. Reads the configuration once, opens the database (embedded
 * PostgreSQL by default), seeds an empty database, starts the roles and listens. SIGINT/SIGTERM
 * shut it down gracefully.
 */
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { createContainer, startRoles } from './composition.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { createLogger } from './logger.ts';
import { startSimulatorProcess } from './simulator-process.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  log.info(
    { roles: config.roles, dataDir: config.dataDir, external: Boolean(config.databaseUrl) },
    'starting',
  );
  const db = await openDatabase(config, log);
  const container = createContainer({ config, pool: db.pool, clock: systemClock, log });
  if (config.seedOnEmpty && (await container.repos.users.count()) === 0) {
    const { seedDemoData } = await import('./seed/seed.ts');
    await seedDemoData({ pool: container.pool, log });
    // Issue 14: with the demo simulator, four days of power history so every power page has data at once.
    if (config.simulator) {
      const { seedPowerHistory } = await import('./seed/seed-history.ts');
      log.info(await seedPowerHistory(container.pool, { now: new Date() }), 'demo power history seeded');
    }
  }
  const app = await buildApp({ container, log });
  const stops = await startRoles(container);
  await app.listen({ port: config.port, host: config.host });
  if (config.simulator) stops.push(startSimulatorProcess(config, log));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15000);
    timer.unref();
    try {
      await app.close();
      for (const stop of stops.reverse()) await stop();
      await db.close();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`towerwatch failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
