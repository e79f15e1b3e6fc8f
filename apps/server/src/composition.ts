/**
 * Composition root: builds the kernel, every repository and service once (plain factory functions,
 * injected clock) and the route modules, and registers their routes. A new route module is one line
 * in `createModules` (see docs/architecture.md "Add a server module (recipe)").
 */
import type { Logger } from 'pino';
import type { AuthDeps } from './auth/auth-plugin.ts';
import { createAuthSessionsRepository } from './auth/sessions.repository.ts';
import { createInProcessBus } from './bus/in-process-bus.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Pool } from './db/pool.ts';
import { createHttpInbox } from './ingest/http-inbox.ts';
import { createIngestMetrics } from './ingest/metrics.ts';
import { registerMetricsRoute } from './ingest/metrics-route.ts';
import { moduleSet } from './kernel/modules.ts';
import type { App, Kernel } from './kernel/types.ts';
import type { LiveHub } from './live/live-hub.ts';
import { registerLiveRoutes } from './live/live-routes.ts';
import { createSharedFocus, type SharedFocus } from './live/shared-focus.ts';
import { createAccessModule } from './modules/access/index.ts';
import { createAlarmConsoleModule } from './modules/alarm-console/index.ts';
import { createAnalyticsModule } from './modules/analytics/index.ts';
import { createAnalyticsSlaModule, REPORT_JOB_INTERVAL_MS } from './modules/analytics-sla/index.ts';
import { createAuditModule } from './modules/audit/index.ts';
import { createAuthModule } from './modules/auth/index.ts';
import { createBatteryAvailabilityModule } from './modules/battery-availability/index.ts';
import { createBillingModule } from './modules/billing/index.ts';
import { createDeviceMonitorModule } from './modules/device-monitor/index.ts';
import { createDevicesModule } from './modules/devices/index.ts';
import { createEventsModule } from './modules/events/index.ts';
import { createExportModule } from './modules/export/index.ts';
import { createHealthModule } from './modules/health/index.ts';
import { createNetworkModule } from './modules/network/index.ts';
import { createOemModule } from './modules/oem/index.ts';
import { createPowerDataModule } from './modules/power-data/index.ts';
import { createSiteModule } from './modules/site/index.ts';
import { createTelegramModule } from './modules/telegram/index.ts';
import { createTicketsModule } from './modules/tickets/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import { createVendorsModule } from './modules/vendors/index.ts';

export interface ContainerDeps {
  config: Config;
  pool: Pool;
  clock: Clock;
  log: Logger;
}

/** The route modules, in registration order; a module's factory gets the services of those above it. */
function createModules(kernel: Kernel) {
  const shared = {
    authSessions: createAuthSessionsRepository(kernel.pool),
    /** HTTP ingest's way into the ingest pipeline (attached when the ingest role starts). */
    deviceInbox: createHttpInbox(),
  };
  return moduleSet(kernel, shared)
    .add('audit', createAuditModule)
    .add('users', createUsersModule)
    .add('auth', createAuthModule)
    .add('site', createSiteModule)
    .add('events', createEventsModule)
    .add('network', createNetworkModule)
    .add('batteryAvailability', createBatteryAvailabilityModule)
    .add('health', createHealthModule)
    .add('export', createExportModule)
    .add('access', createAccessModule)
    .add('devices', createDevicesModule)
    .add('vendors', createVendorsModule)
    .add('powerData', createPowerDataModule)
    .add('oem', createOemModule)
    .add('deviceMonitor', createDeviceMonitorModule)
    .add('tickets', createTicketsModule)
    .add('billing', createBillingModule)
    .add('telegram', createTelegramModule)
    .add('analytics', createAnalyticsModule)
    .add('analyticsSla', createAnalyticsSlaModule)
    .add('alarmConsole', createAlarmConsoleModule);
}

export function createContainer(deps: ContainerDeps) {
  const kernel: Kernel = { ...deps, bus: createInProcessBus(deps.log) };
  const modules = createModules(kernel);
  const { users, authSessions } = modules.services;
  const repos = { users: users.repository, authSessions };
  /** Ingest counters, served at GET /metrics. */
  const ingestMetrics = createIngestMetrics();
  /** This process's live hub (live role), once its routes are registered. */
  let liveHub: LiveHub | null = null;
  /**
   * Pin updates are built only for focused sites: this process's hub's and, on a shared bus
   * (MQTT_URL), those the other processes' hubs publish (live/shared-focus.ts;
   * docs/decisions/focused-sites-shared-across-processes.md).
   */
  const focusedSites: SharedFocus = createSharedFocus(kernel.bus, {
    has: (siteUid) => liveHub?.hasFocus(siteUid) ?? false,
  });
  /** What the auth plugin and the live socket check tokens against. */
  const auth: AuthDeps = {
    users: repos.users,
    tokenSecret: deps.config.tokenSecret,
    clock: deps.clock,
  };
  const services = modules.services;
  return {
    ...kernel,
    repos,
    services,
    ingestMetrics,
    deviceInbox: services.deviceInbox,
    focusedSites,
    auth,
    /** Registers the HTTP routes of the enabled roles on `app`. */
    registerRoutes(app: App): void {
      if (deps.config.roles.includes('live')) {
        liveHub = registerLiveRoutes(app, {
          auth,
          db: kernel.pool,
          bus: kernel.bus,
          clock: kernel.clock,
          log: kernel.log,
          // The hub asks fresh battery classes when one moved; between moves the known ones are exact.
          countsOf: (caller, opts) =>
            services.network.counts.statusCounts(
              caller,
              {},
              { battery: opts?.freshBattery ? 'fresh' : 'known' },
            ),
          healthOf: (caller) => services.health.health.counts(caller),
        });
      }
      registerMetricsRoute(app, ingestMetrics);
      if (deps.config.roles.includes('api')) modules.registerRoutes(app);
    },
  };
}

/** Everything main.ts, the roles and tests may depend on. */
export type Container = ReturnType<typeof createContainer>;

/** Starts the background parts of the enabled roles; returns their stop functions. */
export async function startRoles(container: Container): Promise<Array<() => Promise<void>>> {
  const stops: Array<() => Promise<void>> = [];
  if (container.config.nats) {
    // Scale-out on NATS: share the bus with the other processes over core NATS.
    const { startNatsBusBridge } = await import('./bus/nats-bridge.ts');
    const { internalNatsCredentials } = await import('./ingest/nats/device-auth.ts');
    const login = internalNatsCredentials(container.config.tokenSecret);
    stops.push(await startNatsBusBridge(container.bus, container.config.nats.servers, container.log, login));
    container.focusedSites.request();
    if (container.config.roles.includes('api')) {
      // HTTP ingest publishes to the device stream, as a device's MQTT publish lands there.
      const { startStreamInbox } = await import('./ingest/nats/stream-publisher.ts');
      stops.push(await startStreamInbox(container, container.config.nats, login));
    }
  } else if (container.config.mqttUrl) {
    // Scale-out: share the bus with the other processes through the external broker.
    const { startBusBridge } = await import('./bus/mqtt-bridge.ts');
    stops.push(await startBusBridge(container.bus, container.config.mqttUrl, container.log));
    // The hubs of the processes already running say which sites their sockets are focused on.
    container.focusedSites.request();
  }
  if (container.config.roles.includes('ingest')) {
    const { startIngest } = await import('./ingest/wire.ts');
    stops.push(await startIngest(container));
  }
  if (container.config.roles.includes('jobs')) {
    // One jobs process at a time: the others wait as standbys (docs/operations.md "Two ingest processes").
    const { runLeasedRole } = await import('./db/leased-role.ts');
    stops.push(
      await runLeasedRole({
        pool: container.pool,
        name: 'jobs',
        ttlMs: container.config.leaseTtlS * 1000,
        log: container.log,
        start: () => startJobs(container),
      }),
    );
  }
  return stops;
}

/**
 * The jobs role of the `jobs` lease holder: partitions, telemetry compression, access-list retries and reconciliation,
 * scheduled reports, Telegram; returns its stop function. Each job keeps its own `skip locked` safety.
 */
async function startJobs(container: Container): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
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
  // Telemetry older than TELEMETRY_COMPRESS_AFTER_DAYS packed per device and day (docs/requirements.md#compressed-history).
  const { compressTelemetry } = await import('./jobs/compress.ts');
  let compressing: Promise<unknown> | null = null;
  const stopCompressing = new AbortController();
  const compress = () => {
    compressing ??= compressTelemetry(container.pool, {
      signal: stopCompressing.signal,
      clock: container.clock,
      afterDays: container.config.telemetryCompressAfterDays,
      retentionMonths: container.config.telemetryRetentionMonths,
      log: container.log,
    })
      .catch((err: unknown) => container.log.error({ err }, 'telemetry compression failed'))
      .finally(() => {
        compressing = null;
      });
  };
  compress();
  const compressTimer = setInterval(compress, 3600 * 1000);
  compressTimer.unref();
  stops.push(async () => {
    clearInterval(compressTimer);
    stopCompressing.abort();
    await compressing;
  });
  // Access lists whose version failed go again to devices that are back online (issue 13).
  const retry = setInterval(() => {
    container.services.access.sync
      .retryFailed()
      .catch((err: unknown) => container.log.error({ err }, 'access list retry failed'));
  }, 120_000);
  retry.unref();
  stops.push(async () => clearInterval(retry));
  // A device reporting another list version than applied gets its list again (docs/requirements.md#access-reconcile).
  const offReconcile = container.bus.subscribe('device.access-list-reported', async (e) => {
    await container.services.access.sync.reconcile(e.comId, e.version);
  });
  stops.push(async () => offReconcile());
  // Scheduled reports: the previous month's, from the 1st (Asia/Dhaka), once per schedule (issue 15).
  const runReports = () =>
    container.services.analyticsSla.reportJob
      .runDue()
      .catch((err: unknown) => container.log.error({ err }, 'scheduled reports failed'));
  void runReports();
  const reports = setInterval(runReports, REPORT_JOB_INTERVAL_MS);
  reports.unref();
  stops.push(async () => clearInterval(reports));
  if (container.config.nats) {
    // NATS ingest workers do not run the rollups (each would): the jobs lease holder does.
    const { startRollupJobs } = await import('./ingest/ingest-jobs.ts');
    stops.push(startRollupJobs(container));
  }
  const telegram = container.services.telegram.jobs;
  if (telegram) stops.push(await telegram.start());
  else container.log.info('Telegram notifications off: TELEGRAM_BOT_TOKEN is not set');

  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
