/**
 * Configuration: parsed and validated once from the environment. Nothing else reads `process.env`.
 * Each variable is listed in the README's configuration table.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TELEMETRY_COMPRESS_AFTER_DAYS } from '@towerwatch/domain';

/**
 * Sites a fleet report reads at a time by default (REPORT_SITE_BATCH; the analytics reports and the
 * SLA): their rows are in memory together. At 50,000 sites a batch of 10,000 answered as fast as one
 * of 25,000 or 50,000 with the server's peak RSS at 534–598 MB instead of 618–703 and 695–848 MB
 * (docs/decisions/report-batches-of-10000-sites.md).
 */
export const REPORT_SITE_BATCH_DEFAULT = 10_000;

/**
 * Reads a fleet report runs at a time by default (REPORT_READS_AT_ONCE): the database cores one report
 * keeps busy. A statement is one backend, one core; the analytics reports read their next batch while
 * the one before is computed, the SLA this many tenants at a time
 * (docs/decisions/reports-read-ahead.md).
 */
export const REPORT_READS_AT_ONCE_DEFAULT = 2;

/** How a fleet report reads its sites: `size` sites a batch, `reads` statements at a time. */
export interface ReportBatching {
  size: number;
  reads: number;
}

export const REPORT_BATCHING_DEFAULT: ReportBatching = {
  size: REPORT_SITE_BATCH_DEFAULT,
  reads: REPORT_READS_AT_ONCE_DEFAULT,
};

/** Server roles a process can run (ARCHITECTURE "one server program, several roles"). */
export const SERVER_ROLES = ['api', 'live', 'ingest', 'jobs'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

/** apps/server (the package root), independent of the working directory. */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The monorepo root. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');

/**
 * The build the web app folder points at when the server starts: `apps/web/dist` is a link that a
 * later build replaces (apps/web/scripts/build.ts); the server keeps serving the build it started
 * with, whose index.html it holds, with all of that build's assets.
 */
function builtWebApp(dir: string): string {
  return existsSync(dir) ? realpathSync(dir) : dir;
}

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'on' || v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Port of the embedded PostgreSQL; 0 = pick a free port. */
  EMBEDDED_PG_PORT: port.default(0),
  /**
   * Server settings of the embedded PostgreSQL (docs/operations.md "Sizing PostgreSQL"), e.g.
   * `shared_buffers=6GB work_mem=32MB random_page_cost=1.1`: name=value pairs, space-separated.
   */
  EMBEDDED_PG_SETTINGS: z
    .string()
    .regex(
      /^\s*([a-z_]+=[A-Za-z0-9_.]+\s*)*$/,
      'name=value pairs separated by spaces (names: a-z and _, values: letters, digits, . and _)',
    )
    .optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\//, 'must be an mqtt:// URL')
    .optional(),
  MQTT_PORT: port.default(1884),
  /**
   * Scale-out engine (docs/operations.md "Scale-out with NATS JetStream"): devices speak MQTT to the
   * NATS server's MQTT listener, a JetStream stream keeps their messages partitioned by com_id, and
   * ingest workers own partitions. Exclusive with MQTT_URL.
   */
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^,\s]+(,(nats|tls):\/\/[^,\s]+)*$/, 'must be nats:// URLs, comma-separated')
    .optional(),
  /** Partitions of the device stream: the N of the NATS subject mapping, fixed at deploy time. */
  NATS_PARTITIONS: z.coerce.number().int().min(1).max(4096).default(256),
  /** Replicas of `$MQTT_msgs` when a worker creates it (= `mqtt { stream_replicas }`: 3 in a 3-node cluster). */
  NATS_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Seconds JetStream waits for an ingest worker's ack before redelivering (in-progress acks extend it). */
  NATS_ACK_WAIT_S: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * Client id of the ingest role's subscription on MQTT_URL: a persistent session, so one id per ingest
   * process, the same across its restarts. Unset: derived from the host name and DATA_DIR.
   */
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'letters, digits, _ . : - (1-64)')
    .optional(),
  /** How long the external broker keeps that session (and queues its messages) while the server is away. */
  MQTT_SESSION_EXPIRY_S: z.coerce.number().int().min(0).max(4_294_967_295).default(86_400),
  /**
   * Seconds an ingest process's lease lasts without renewal (docs/operations.md "Two ingest
   * processes"): the longest a standby waits before it takes over from a holder that stopped renewing
   * without its database connections closing (a frozen process, a lost host).
   */
  LEASE_TTL_S: z.coerce.number().int().min(3).max(3600).default(15),
  SIMULATOR: onOff.default(true),
  ROLES: z
    .string()
    .default(SERVER_ROLES.join(','))
    .transform((s, ctx) => {
      const roles = s
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      for (const r of roles) {
        if (!(SERVER_ROLES as readonly string[]).includes(r)) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown role '${r}' (known: ${SERVER_ROLES.join(', ')})`,
          });
        }
      }
      return roles as ServerRole[];
    }),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEVICE_OFFLINE_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * Sustained messages per second per device (burst and flood tolerance scale with it); unset: the
   * documented 10 (docs/device-protocol.md §9). Benchmarks raise it.
   */
  DEVICE_MAX_MSG_PER_S: z.coerce.number().positive().max(1_000_000).optional(),
  /** Seed the demo data when the database has no users (first start). */
  SEED_ON_EMPTY: onOff.default(true),
  /**
   * The ingest pipeline in a worker thread of its own (embedded broker or MQTT_URL): batches, alarm
   * engine and site state off the main thread. Off by default: on a 2-core machine shared with
   * PostgreSQL its maximum is higher but it answers later at light load (docs/decisions/ingest-thread.md).
   */
  INGEST_THREAD: onOff.default(false),
  /** Built web app served by the api role when the folder exists. */
  WEB_DIST: z.string().optional(),
  /** Login failures per account and per IP allowed within LOGIN_WINDOW_MINUTES. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Report and export generations one user may run at once per API process (docs/api.md). */
  REPORT_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  /** Months of raw telemetry kept; older monthly partitions are dropped by the jobs role. */
  TELEMETRY_RETENTION_MONTHS: z.coerce.number().int().min(1).default(13),
  /** Days after which telemetry is packed per device and day (docs/requirements.md#compressed-history). */
  TELEMETRY_COMPRESS_AFTER_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3660)
    .default(TELEMETRY_COMPRESS_AFTER_DAYS),
  /** Daily rollups (docs/requirements.md#daily-rollups): days back the first run starts, days rolled per run. */
  DAILY_ROLLUP_BACKFILL_DAYS: z.coerce.number().int().min(1).max(3660).default(400),
  DAILY_ROLLUP_DAYS_PER_RUN: z.coerce.number().int().min(1).max(3660).default(3),
  /** Sites a fleet report (the four analytics reports, the SLA) reads at a time: memory against speed. */
  REPORT_SITE_BATCH: z.coerce.number().int().min(100).max(1_000_000).default(REPORT_SITE_BATCH_DEFAULT),
  /** Reads a fleet report runs at a time: analytics batches, SLA tenants (the database cores it keeps busy). */
  REPORT_READS_AT_ONCE: z.coerce.number().int().min(1).max(16).default(REPORT_READS_AT_ONCE_DEFAULT),
  /** Telegram bot token (docs/operations.md "Telegram"); unset = Telegram notifications off. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, 'must look like 123456:ABC-token')
    .optional(),
  /** Bot API root (a local Bot API server, a stand-in in tests). */
  TELEGRAM_API_ROOT: z.string().url().default('https://api.telegram.org'),
  /** Public HTTPS URL of POST /telegram/webhook; unset = updates by long polling (jobs role). */
  TELEGRAM_WEBHOOK_URL: z.string().url().optional(),
  /** Secret token Telegram sends in X-Telegram-Bot-Api-Secret-Token; unset = derived from the bot token. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[\w-]{1,256}$/, 'letters, digits, _ and - (1-256)')
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute data directory (embedded PostgreSQL in `pg/`, the token secret, ...). */
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  /** `name=value` settings the embedded PostgreSQL starts with (EMBEDDED_PG_SETTINGS). */
  embeddedPgSettings: string[];
  dbPoolMax: number;
  mqttUrl: string | undefined;
  mqttPort: number;
  /** NATS_URL and the stream's settings; undefined = no NATS (embedded broker or MQTT_URL). */
  nats: NatsConfig | undefined;
  /** The ingest subscription's persistent session on MQTT_URL (docs/operations.md "Failures and acknowledgements"). */
  mqttSession: { clientId: string; expirySeconds: number };
  /** LEASE_TTL_S: the ingest lease's time to live (db/role-lease.ts). */
  leaseTtlS: number;
  simulator: boolean;
  roles: ServerRole[];
  tokenSecret: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  deviceOfflineMinutes: number;
  /** DEVICE_MAX_MSG_PER_S; undefined = the domain's default rate. */
  deviceMaxMsgPerS: number | undefined;
  seedOnEmpty: boolean;
  /** INGEST_THREAD: the ingest pipeline runs in a worker thread (ingest/thread/). */
  ingestThread: boolean;
  webDist: string;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** REPORT_CONCURRENCY_PER_USER: report and export generations per user at once (per process). */
  reportConcurrencyPerUser: number;
  telemetryRetentionMonths: number;
  telemetryCompressAfterDays: number;
  /** Daily rollups: days back the first run starts, and most days rolled per run. */
  dailyRollup: { backfillDays: number; daysPerRun: number };
  /** REPORT_SITE_BATCH: sites a fleet report reads at a time. */
  reportSiteBatch: number;
  /** REPORT_READS_AT_ONCE: reads a fleet report runs at a time. */
  reportReadsAtOnce: number;
  telegram: {
    botToken: string | undefined;
    apiRoot: string;
    webhookUrl: string | undefined;
    webhookSecret: string | undefined;
  };
}

/** The scale-out engine's settings (NATS_*). */
export interface NatsConfig {
  /** NATS_URL's servers (the client tries each). */
  servers: string[];
  partitions: number;
  replicas: number;
  ackWaitS: number;
}

/** Stable per ingest instance: the same host and data directory give the same session. */
function defaultIngestClientId(dataDir: string): string {
  const id = createHash('sha256').update(`${hostname()}\n${dataDir}`).digest('hex').slice(0, 12);
  return `towerwatch-ingest-${id}`;
}

/** Thrown with every invalid variable named, so a bad deployment fails with one clear message. */
export class ConfigError extends Error {}

/**
 * Parses `env` into a {@link Config}. When TOKEN_SECRET is not set, a random secret is generated
 * once and kept in `DATA_DIR/token-secret` so tokens survive restarts.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NATS_URL && e.MQTT_URL)
    throw new ConfigError('Invalid configuration:\n  NATS_URL: set either NATS_URL or MQTT_URL, not both');
  // Unset: `data/` at the repository root, whichever folder the server was started from.
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    embeddedPgSettings: (e.EMBEDDED_PG_SETTINGS ?? '').split(/\s+/).filter(Boolean),
    dbPoolMax: e.DB_POOL_MAX,
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    nats: e.NATS_URL
      ? {
          servers: e.NATS_URL.split(','),
          partitions: e.NATS_PARTITIONS,
          replicas: e.NATS_REPLICAS,
          ackWaitS: e.NATS_ACK_WAIT_S,
        }
      : undefined,
    mqttSession: {
      clientId: e.MQTT_CLIENT_ID ?? defaultIngestClientId(dataDir),
      expirySeconds: e.MQTT_SESSION_EXPIRY_S,
    },
    leaseTtlS: e.LEASE_TTL_S,
    // The built-in simulator follows the embedded broker or MQTT_URL; not with NATS_URL.
    simulator: e.SIMULATOR && !e.NATS_URL,
    roles: e.ROLES,
    tokenSecret: e.TOKEN_SECRET ?? persistedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    deviceOfflineMinutes: e.DEVICE_OFFLINE_MINUTES,
    deviceMaxMsgPerS: e.DEVICE_MAX_MSG_PER_S,
    seedOnEmpty: e.SEED_ON_EMPTY,
    ingestThread: e.INGEST_THREAD,
    webDist: builtWebApp(path.resolve(e.WEB_DIST ?? path.join(REPO_ROOT, 'apps', 'web', 'dist'))),
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    reportConcurrencyPerUser: e.REPORT_CONCURRENCY_PER_USER,
    telemetryRetentionMonths: e.TELEMETRY_RETENTION_MONTHS,
    telemetryCompressAfterDays: e.TELEMETRY_COMPRESS_AFTER_DAYS,
    dailyRollup: { backfillDays: e.DAILY_ROLLUP_BACKFILL_DAYS, daysPerRun: e.DAILY_ROLLUP_DAYS_PER_RUN },
    reportSiteBatch: e.REPORT_SITE_BATCH,
    reportReadsAtOnce: e.REPORT_READS_AT_ONCE,
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN,
      apiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
      webhookUrl: e.TELEGRAM_WEBHOOK_URL,
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
    },
  };
}

function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'token-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
