/**
 * The Fastify application: zod validation/serialisation, one error handler, auth on every route,
 * OpenAPI at /api-docs, /healthz, the routes of every module and (when built) the web app.
 * Listening, roles and shutdown are in `main.ts`; wiring is in `composition.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PATH_PREFIXES } from '@towerwatch/contract';
import { isFilePath, isPageNavigation, pageLoadStatus } from '@towerwatch/domain';
import Fastify, { type FastifyBaseLogger, type FastifyError, type RawServerDefault } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pg from 'pg';
import type { Logger } from 'pino';
import { type AuthDeps, registerAuth } from './auth/auth-plugin.ts';
import type { Config } from './config.ts';
import type { Pool } from './db/pool.ts';
import { HttpError, TooManyRequestsError } from './errors.ts';
import { installRouteRegistry } from './kernel/http/registry.ts';
import { installReportLimiter } from './kernel/http/report-limit.ts';
import { installSecurityHeaders, readWebCspSources } from './kernel/http/security-headers.ts';
import type { App } from './kernel/types.ts';

export type { App } from './kernel/types.ts';

/** What the app is built from (the composition root's container). */
export interface AppContainer {
  readonly config: Config;
  readonly pool: Pool;
  /** What access tokens are checked against. */
  readonly auth: AuthDeps;
  /** Registers the routes of the enabled roles (modules, live socket, metrics). */
  registerRoutes(app: App): void;
}

export interface BuildAppOptions {
  container: AppContainer;
  log: Logger;
  /** Serve the built web app from this folder when it exists (default: config.webDist). */
  webDist?: string | null;
}

/** Fastify validation contexts → the prefix of `field` in 400 replies. */
const CONTEXT_PREFIX: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/**
 * Paths that belong to the API (an API client gets a JSON 404 there, not the web app): the first
 * segments of every contract endpoint and the infrastructure routes.
 */
const API_PREFIXES = [...new Set([...API_PATH_PREFIXES, '/api-docs', '/healthz', '/wss'])];

export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { container } = opts;
  const app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: opts.log,
  }).withTypeProvider<ZodTypeProvider>();
  installRouteRegistry(app);
  installReportLimiter(app, container.config.reportConcurrencyPerUser);
  const webDist = opts.webDist === undefined ? container.config.webDist : opts.webDist;
  installSecurityHeaders(app, readWebCspSources(webDist));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const prefix = CONTEXT_PREFIX[err.validationContext ?? 'body'] ?? 'body';
      const path = (issue?.instancePath ?? '').split('/').filter(Boolean).join('.');
      const field = path ? `${prefix}.${path}` : prefix;
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: `${field}: ${issue?.message ?? 'invalid'}`,
        field,
      });
    }
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) request.log.error({ err }, err.message);
      const retryAfter =
        err instanceof TooManyRequestsError ? (err as TooManyRequestsError).retryAfterSeconds : undefined;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        error: httpErrorName(err.statusCode),
        message: err.message,
        ...(err.field ? { field: err.field } : {}),
      });
    }
    if (isDatabaseInputError(err)) {
      // A safety net only: the contract's schemas refuse such input first (400 naming the field).
      // Reaching here means a schema misses a limit; the warning names the route to fix.
      request.log.warn(
        { err, route: request.routeOptions.url },
        'database refused a value: a schema misses a limit',
      );
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: 'A value is out of range or holds a character that cannot be stored',
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'reply does not match its schema');
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply
        .status(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'Internal error' });
    }
    // Fastify's own 4xx (malformed JSON, unsupported media type, body too large, rate limit ...).
    const field = err.code?.startsWith('FST_ERR_CTP') ? 'body' : undefined;
    return reply.status(status).send({
      statusCode: status,
      error: httpErrorName(status),
      message: err.message,
      ...(field ? { field } : {}),
    });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Towerwatch API',
        description: 'Endpoints of docs/requirements.md#api-calls; see docs/api.md.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (pub) => {
    pub.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await pub.register(fastifySwaggerUi, { routePrefix: '/api-docs' });
  });

  const indexHtml =
    webDist !== null && existsSync(`${webDist}/index.html`) ? readFileSync(`${webDist}/index.html`) : null;
  if (indexHtml) {
    // Before the auth hook: a browser navigation gets the web app even where an API endpoint has the
    // same path (/telegram/alarm-settings), 404 for a path the web does not know
    // (docs/decisions/spa-and-api-paths.md).
    app.addHook('onRequest', async (request, reply) => {
      const { method, url, headers } = request;
      if (!isPageNavigation({ method, url, accept: headers.accept, authorization: headers.authorization }))
        return;
      return reply.status(pageLoadStatus(url)).type('text/html; charset=utf-8').send(indexHtml);
    });
  }

  registerAuth(app, container.auth);

  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await container.pool.query('select 1');
      return { status: 'ok', roles: container.config.roles };
    } catch {
      return reply.status(503).send({ status: 'unavailable', roles: container.config.roles });
    }
  });

  container.registerRoutes(app);

  if (webDist !== null && indexHtml) {
    await app.register(async (pub) => {
      pub.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
      });
      await pub.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    // Page loads were answered by the hook above. What reaches here is an API call, a missing file (a
    // hashed chunk of an older build: 404, never the page, so the web's chunk-reload sees the failure)
    // or a page load that carries a token (the web app then shows its own 404 page).
    if (indexHtml && request.method === 'GET' && !isApi && !isFilePath(path)) {
      return reply.status(pageLoadStatus(path)).type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method} ${path} not found`,
    });
  });

  return app;
}

/**
 * A PostgreSQL error caused by a value of the request, not by the server: class 22 (data exception:
 * invalid byte sequence, numeric or datetime out of range, invalid text representation) and class 54
 * (program limit exceeded: stack depth, statement too complex).
 */
function isDatabaseInputError(err: unknown): boolean {
  return err instanceof pg.DatabaseError && /^(22|54)/.test(err.code ?? '');
}

/** The status line's reason phrase (node:http), as in Fastify's own error replies. */
function httpErrorName(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}
