/**
 * Starts the ingest role: the embedded broker (when no MQTT_URL), the pipeline, the MQTT
 * subscription and the command dispatcher. Used by the composition root and by tests.
 */
import { DEVICE_QOS } from '@towerwatch/contract';
import { type DeviceRateLimit, deviceRateLimit } from '@towerwatch/domain';
import type { Logger } from 'pino';
import { createDeviceRates, createRelayedDeviceRates } from '../broker/device-rates.ts';
import {
  type EmbeddedBroker,
  internalMqttCredentials,
  startEmbeddedBroker,
} from '../broker/embedded-broker.ts';
import type { EventBus, FocusedSites } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import type { Pool } from '../db/pool.ts';
import type { IngestFence } from './batch-commit.ts';
import { type CommandDispatcher, createCommandDispatcher } from './commands.ts';
import { createIngestMetrics, type IngestMetrics } from './metrics.ts';
import { type MqttIngest, type MqttSession, startMqttIngest } from './mqtt-ingest.ts';
import { createIngestPipeline, type IngestPipeline } from './pipeline.ts';
import { createSiteStore, type SiteStore } from './site-store.ts';

export interface IngestRoleDeps {
  pool: Pool;
  bus: EventBus;
  clock: Clock;
  log: Logger;
  tokenSecret: string;
  /** External broker; when unset the embedded broker is started on `mqttPort`. */
  mqttUrl?: string;
  mqttPort: number;
  /**
   * The subscription's persistent session on `mqttUrl` (config MQTT_CLIENT_ID, MQTT_SESSION_EXPIRY_S):
   * messages not acknowledged (not committed) when the process dies are redelivered after a restart.
   * Omitted: a random client id and a session that ends with the connection (tests).
   */
  mqttSession?: MqttSession;
  metrics?: IngestMetrics;
  /** The per-device message rate (default: the domain's, 10/s; config DEVICE_MAX_MSG_PER_S). */
  deviceRate?: DeviceRateLimit;
  /** Every focused site of the deployment, when known (pipeline.ts); omitted = pin updates for all. */
  focusedSites?: FocusedSites;
  /**
   * The ingest lease (db/role-lease.ts, started by wire.ts): its fence runs first in every write
   * transaction; when it fails, the pipeline stops writing and acknowledging. Omitted: no lease.
   */
  fence?: IngestFence;
}

export interface IngestRole {
  pipeline: IngestPipeline;
  metrics: IngestMetrics;
  store: SiteStore;
  broker: EmbeddedBroker | null;
  /** URL devices connect to. */
  brokerUrl: string;
  mqtt: MqttIngest;
  commands: CommandDispatcher;
  stop(): Promise<void>;
}

/** What every ingest role has: the site store, the pipeline, and reloads on config changes. */
export interface IngestCore {
  log: Logger;
  metrics: IngestMetrics;
  store: SiteStore;
  pipeline: IngestPipeline;
  /** Starts the command dispatcher on `publish` (sends a command to a device topic); stops both. */
  startCommands(publish: (topic: string, payload: string) => Promise<unknown>): Promise<{
    commands: CommandDispatcher;
    stop(): void;
  }>;
}

type CoreDeps = Omit<IngestRoleDeps, 'tokenSecret' | 'mqttUrl' | 'mqttPort' | 'mqttSession'> & {
  /** Engine work per batch (default batch.ts BATCH_WORK_BUDGET_MS; the ingest thread's is larger). */
  workBudgetMs?: number;
  /** Writer lanes (default pipeline.ts's 2; the ingest thread runs more). */
  lanes?: number;
};

/** Builds the store and the pipeline (relayed messages held to the device rate by device time). */
export function createIngestCore(deps: CoreDeps): IngestCore {
  const metrics = deps.metrics ?? createIngestMetrics();
  const log = deps.log.child({ role: 'ingest' });
  // The store overlays latest values the pipeline has not written yet when it (re)loads a site.
  let pending: IngestPipeline['pendingLatest'] = () => undefined;
  const store = createSiteStore(deps.pool, { pendingLatest: (comId) => pending(comId) });
  // Relayed messages (external broker, NATS, HTTP ingest): ingest limits the topic's com_id by device
  // time (the message's ts) and can only drop (docs/device-protocol.md §9).
  const pipeline = createIngestPipeline({
    pool: deps.pool,
    store,
    bus: deps.bus,
    clock: deps.clock,
    log,
    metrics,
    rates: createRelayedDeviceRates(deps.deviceRate ?? deviceRateLimit()),
    focusedSites: deps.focusedSites,
    fence: deps.fence,
    workBudgetMs: deps.workBudgetMs,
    lanes: deps.lanes,
  });
  pending = pipeline.pendingLatest;
  return {
    log,
    metrics,
    store,
    pipeline,
    async startCommands(publish) {
      const offConfig = followSiteConfig(deps.bus, store, pipeline, deps.clock);
      const commands = await startCommandDispatcher({ ...deps, log, metrics }, publish);
      return {
        commands,
        stop() {
          offConfig();
          commands.stop();
        },
      };
    },
  };
}

/**
 * A site's pin configs, devices or settings changed (`site.config-changed`): `store` reloads it and
 * forgets its devices' routes, and `pipeline` re-applies paused flags. Returns the unsubscribe function.
 */
export function followSiteConfig(
  bus: EventBus,
  store: SiteStore,
  pipeline: Pick<IngestPipeline, 'enqueue'>,
  clock: Clock,
): () => void {
  return bus.subscribe('site.config-changed', (e) => {
    store.invalidate(e.siteUid);
    // A device bound or unbound: forget where it was (an unbound device's lookup is cached too).
    for (const comId of e.comIds ?? []) store.forgetDevice(comId);
    pipeline.enqueue(e.siteUid, { kind: 'settings', receivedAt: clock.now() });
  });
}

/** Starts the command dispatcher on `publish` (sends a command to a device topic) after a first flush. */
export async function startCommandDispatcher(
  deps: { pool: Pool; bus: EventBus; clock: Clock; log: Logger; metrics: IngestMetrics },
  publish: (topic: string, payload: string) => Promise<unknown>,
): Promise<CommandDispatcher> {
  const commands = createCommandDispatcher({
    pool: deps.pool,
    publish,
    bus: deps.bus,
    clock: deps.clock,
    log: deps.log,
    metrics: deps.metrics,
  });
  await commands.flush().catch((err: unknown) => deps.log.error({ err }, 'commands: first flush failed'));
  return commands;
}

export async function startIngestRole(deps: IngestRoleDeps): Promise<IngestRole> {
  const core = createIngestCore(deps);
  const front = await startIngestFront(deps, core);
  return { ...front, store: core.store };
}

/** An ingest role whose pipeline runs elsewhere (ingest/thread/): everything but the site store. */
export type IngestFrontRole = Omit<IngestRole, 'store'>;

/**
 * The broker side of an ingest role around `core`'s pipeline (in this thread or a proxy of one in an
 * ingest thread): the embedded broker (when no MQTT_URL) or the subscription to MQTT_URL, and the
 * command dispatcher.
 */
export async function startIngestFront(
  deps: Pick<IngestRoleDeps, 'pool' | 'tokenSecret' | 'mqttUrl' | 'mqttPort' | 'mqttSession' | 'deviceRate'>,
  core: Pick<IngestCore, 'log' | 'metrics' | 'pipeline' | 'startCommands'>,
): Promise<IngestFrontRole> {
  const { log, metrics, pipeline, startCommands } = core;
  // Embedded broker: it rate-limits the authenticated device's connection by arrival (and can
  // disconnect it) (docs/device-protocol.md §9).
  const rates = createDeviceRates(deps.deviceRate ?? deviceRateLimit());
  const broker = deps.mqttUrl
    ? null
    : await startEmbeddedBroker({
        db: deps.pool,
        port: deps.mqttPort,
        tokenSecret: deps.tokenSecret,
        log,
        rates,
        onDeviceMessage: (topic, payload, done) => pipeline.handle(topic, payload, () => done(), true),
        onRefused: (what, topic, comId) => {
          if (what === 'forbidden_topic')
            pipeline.reject('forbidden_topic', topic ?? '', comId, 'refused by broker');
          else if (what === 'rate_limited')
            pipeline.reject('rate_limited', topic ?? '', comId, 'over the device message rate');
          else if (what === 'rate_limit_disconnect') metrics.rateLimitDisconnects += 1;
          else metrics.brokerAuthFailures += 1;
        },
      });
  const brokerUrl = deps.mqttUrl ?? (broker as EmbeddedBroker).url;
  const creds = broker ? internalMqttCredentials(deps.tokenSecret) : {};
  // Embedded broker: it hands the messages to the pipeline in process (no second MQTT hop) and
  // acknowledges a device's QoS 1 message (PUBACK) only once it is committed (or refused); the
  // MQTT client then only publishes commands. External broker: the client subscribes and sends its
  // PUBACK to the broker only once the message is committed (or refused), too.
  const mqtt = await startMqttIngest({
    url: brokerUrl,
    ...creds,
    pipeline,
    log,
    subscribe: !broker,
    session: deps.mqttSession,
  });
  const { commands, stop: stopCommands } = await startCommands((topic, payload) =>
    mqtt.client.publishAsync(topic, payload, { qos: DEVICE_QOS }),
  );
  return {
    pipeline,
    metrics,
    broker,
    brokerUrl,
    mqtt,
    commands,
    async stop() {
      stopCommands();
      await mqtt.stop();
      await pipeline.idle();
      await broker?.close();
    },
  };
}
