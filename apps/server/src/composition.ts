/**
 * Composition root: builds repositories and services once (plain factory functions, injected clock)
 * and registers every module's routes. New modules add their factory calls and one
 * `register<Area>Routes(app, container)` line here.
 */
import type { Logger } from 'pino';
import type { App } from './app.ts';
import { createAuthSessionsRepository } from './auth/sessions.repository.ts';
import { createInProcessBus } from './bus/in-process-bus.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Pool } from './db/pool.ts';
import { createIngestMetrics } from './ingest/metrics.ts';
import { registerMetricsRoute } from './ingest/metrics-route.ts';
import { registerLiveRoutes } from './live/live-routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLoginFailuresRepository } from './modules/auth/login-failures.repository.ts';
import { registerBatteryAvailabilityRoutes } from './modules/battery-availability/battery-availability.routes.ts';
import { registerEventRoutes } from './modules/events/events.routes.ts';
import { registerExportRoutes } from './modules/export/export.routes.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createCountsRepository } from './modules/network/counts.repository.ts';
import { createCountsService } from './modules/network/counts.service.ts';
import { registerNetworkRoutes } from './modules/network/network.routes.ts';
import { createSiteRepository } from './modules/site/site.repository.ts';
import { registerSiteRoutes } from './modules/site/site.routes.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';

export interface ContainerDeps {
  config: Config;
  pool: Pool;
  clock: Clock;
  log: Logger;
}

export function createContainer(deps: ContainerDeps) {
  const repos = {
    users: createUsersRepository(deps.pool),
    authSessions: createAuthSessionsRepository(deps.pool),
    loginFailures: createLoginFailuresRepository(deps.pool),
  };
  const services = {
    auth: createAuthService({
      pool: deps.pool,
      users: repos.users,
      authSessions: repos.authSessions,
      loginFailures: repos.loginFailures,
      clock: deps.clock,
      tokenSecret: deps.config.tokenSecret,
      loginMaxFailures: deps.config.loginMaxFailures,
      loginWindowMinutes: deps.config.loginWindowMinutes,
    }),
    users: createUsersService({ users: repos.users, authSessions: repos.authSessions, clock: deps.clock }),
  };
  /** Domain-event bus (in-process; src/bus/mqtt-bus.ts shares it between processes). */
  const bus = createInProcessBus(deps.log);
  /** Ingest counters, served at GET /metrics. */
  const ingestMetrics = createIngestMetrics();
  return { ...deps, repos, services, bus, ingestMetrics };
}

/** Everything modules may depend on. */
export type Container = ReturnType<typeof createContainer>;

/** Registers the HTTP routes of every module (api role). */
export function registerRoutes(app: App, container: Container): void {
  if (container.config.roles.includes('live')) registerLive(app, container);
  registerMetricsRoute(app, container.ingestMetrics);
  if (!container.config.roles.includes('api')) return;
  registerAuthRoutes(app, container);
  registerSiteRoutes(app, container);
  registerEventRoutes(app, container);
  registerNetworkRoutes(app, container);
  registerBatteryAvailabilityRoutes(app, container);
  registerHealthRoutes(app, container);
  registerExportRoutes(app, container);
  registerUsersRoutes(app, container);
}

/** Starts the background parts of the enabled roles; returns their stop functions. */
export async function startRoles(container: Container): Promise<Array<() => Promise<void>>> {
  const stops: Array<() => Promise<void>> = [];
  if (container.config.mqttUrl) {
    // Scale-out: share the bus with the other processes through the external broker.
    const { startBusBridge } = await import('./bus/mqtt-bridge.ts');
    stops.push(await startBusBridge(container.bus, container.config.mqttUrl, container.log));
  }
  if (container.config.roles.includes('ingest')) {
    const { startIngest } = await import('./ingest/wire.ts');
    stops.push(await startIngest(container));
  }
  if (container.config.roles.includes('jobs')) {
    const { maintainTelemetryPartitions } = await import('./jobs/partitions.ts');
    const run = () =>
      maintainTelemetryPartitions(container.pool, {
        clock: container.clock,
        retentionMonths: container.config.telemetryRetentionMonths,
        log: container.log,
      }).catch((err: unknown) => container.log.error({ err }, 'telemetry partition job failed'));
    await run();
    const timer = setInterval(run, 6 * 3600 * 1000);
    timer.unref();
    stops.push(async () => clearInterval(timer));
  }
  return stops;
}

/** The live socket /wss (live role). */
function registerLive(app: App, c: Container): void {
  const health = createHealthService({
    health: createHealthRepository(c.pool),
    sites: createSiteRepository(c.pool),
    clock: c.clock,
  });
  const counts = createCountsService({
    counts: createCountsRepository(c.pool),
    sites: createSiteRepository(c.pool),
    clock: c.clock,
  });
  registerLiveRoutes(app, {
    auth: {
      users: c.repos.users,
      authSessions: c.repos.authSessions,
      tokenSecret: c.config.tokenSecret,
      clock: c.clock,
    },
    db: c.pool,
    bus: c.bus,
    clock: c.clock,
    log: c.log,
    countsOf: (caller) => counts.statusCounts(caller, {}),
    healthOf: async (caller) => (await health.healths(caller, { page: 1, limit: 1 })).counts,
  });
}
