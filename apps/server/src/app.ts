/**
 * The Fastify application: zod validation/serialisation, one error handler, auth on every route,
 * OpenAPI at /api-docs, /healthz, the routes of every module and (when built) the web app.
 * Listening, roles and shutdown are in `main.ts`; wiring is in `composition.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { registerAuth } from './auth/auth-plugin.ts';
import { type Container, registerRoutes } from './composition.ts';
import { HttpError } from './errors.ts';

/** The app type every module registers routes on (zod type provider). */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  container: Container;
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

/** Paths that belong to the API (never answered with the web app's index.html). */
const API_PREFIXES = [
  '/user/',
  '/oem/',
  '/site/',
  '/door/',
  '/battery/',
  '/analytics/',
  '/api-docs',
  '/healthz',
  '/wss',
];

export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { container } = opts;
  const app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: opts.log,
  }).withTypeProvider<ZodTypeProvider>();
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
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        error: httpErrorName(err.statusCode),
        message: err.message,
        ...(err.field ? { field: err.field } : {}),
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
        description: 'Endpoints of platform-core §7 and feature-areas; see docs/api.md.',
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

  registerAuth(app, {
    users: container.repos.users,
    authSessions: container.repos.authSessions,
    tokenSecret: container.config.tokenSecret,
    clock: container.clock,
  });

  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await container.pool.query('select 1');
      return { status: 'ok', roles: container.config.roles };
    } catch {
      return reply.status(503).send({ status: 'unavailable', roles: container.config.roles });
    }
  });

  registerRoutes(app, container);

  const webDist = opts.webDist === undefined ? container.config.webDist : opts.webDist;
  const indexHtml =
    webDist !== null && existsSync(`${webDist}/index.html`) ? readFileSync(`${webDist}/index.html`) : null;
  if (webDist !== null && indexHtml) {
    await app.register(async (pub) => {
      pub.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
      });
      await pub.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    // Web routes share prefixes with the API (/site/list, /user/list, /battery): a browser page load
    // (Accept: text/html) of a path no API route serves gets the web app; API clients get JSON.
    const isPageLoad = (request.headers.accept ?? '').includes('text/html');
    if (indexHtml && request.method === 'GET' && (!isApi || isPageLoad)) {
      // SPA fallback: the web app's router handles the path.
      return reply.type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });

  return app;
}

function httpErrorName(status: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
  };
  return names[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}
