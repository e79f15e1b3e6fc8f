/**
 * Types that most of the server needs: the app type routes are registered on, the kernel every
 * module is built from, and the shape of a route module. A leaf: it imports only types of leaf files
 * (configuration, clock, pool, bus), never a module, the app or the composition root.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { EventBus } from '../bus/bus.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Pool } from '../db/pool.ts';

/** The app type every module registers routes on (zod type provider). */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module is built from: configuration, database, clock, logger and the domain-event bus. */
export interface Kernel {
  readonly config: Config;
  readonly pool: Pool;
  readonly clock: Clock;
  readonly log: Logger;
  /** Domain-event bus (in-process; bus/mqtt-bridge.ts shares it between processes). */
  readonly bus: EventBus;
}

/**
 * A route module (`modules/<area>/index.ts` exports `create<Area>Module(kernel, services)`): the
 * services it offers other modules, built once, and a function registering its routes.
 */
export interface ServerModule<S extends object = object> {
  readonly services: S;
  registerRoutes(app: App): void;
}
