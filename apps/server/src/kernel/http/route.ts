/**
 * Registers an API route from its contract endpoint (`packages/contract/src/endpoints/`):
 *
 *   route(app, networkEndpoints.siteEvents, {
 *     rule: rules.signedIn(),
 *     handler: (req) => events.siteEvents(callerOf(req), req.query),
 *   });
 *
 * Method, path, query/params/body and 200 reply schemas, summary and tags come from the endpoint, so
 * the request is validated, `req.query`/`req.params`/`req.body` are the parsed zod outputs, the
 * handler's result is type-checked against the reply schema and serialised by it, and the OpenAPI
 * document lists the route. A file endpoint has no JSON reply schema: its handler sends the bytes.
 * The rule is required; it becomes the route's guards and is recorded in the route registry. A
 * report or export endpoint (a file reply or file variant) runs within the caller's generation
 * limit (kernel/http/report-limit.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type EndpointDef, isFileReply } from '@towerwatch/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyRequest,
  FastifySchema,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { App } from '../types.ts';
import { callerOf } from './guards.ts';
import { isReportEndpoint } from './report-limit.ts';
import { guardsOf, type Rule } from './rules.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission rule of an API route (set by `route`). */
    rule?: Rule;
    /** The contract endpoint an API route serves (set by `route`). */
    endpoint?: EndpointDef;
  }
}

/** The Fastify schema of endpoint `E`, as the zod type provider reads it. */
export interface EndpointSchema<E extends EndpointDef> {
  querystring: E extends { query: infer Q } ? Q : undefined;
  params: E extends { params: infer P } ? P : undefined;
  body: E extends { body: infer B } ? B : undefined;
  response: E['reply'] extends z.ZodType ? { 200: E['reply'] } : undefined;
}

/** A handler of endpoint `E`: typed request, return value checked against the reply schema. */
export type EndpointHandler<E extends EndpointDef> = RouteHandlerMethod<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

export interface RouteOptions<E extends EndpointDef> {
  /** Who may call the route (required: no route without a rule). */
  rule: Rule;
  handler: EndpointHandler<E>;
}

/** Registers `endpoint` on `app` with its rule and handler. */
export function route<const E extends EndpointDef>(app: App, endpoint: E, opts: RouteOptions<E>): void {
  const isPublic = opts.rule.kind === 'public';
  if (isPublic !== (endpoint.public === true)) {
    throw new Error(
      `${endpoint.method} ${endpoint.path}: rules.public is for the contract's public endpoints only, and they need it`,
    );
  }
  const schema: FastifySchema & { summary: string; tags: string[]; security?: [] } = {
    summary: endpoint.summary,
    tags: [...endpoint.tags],
  };
  if (isPublic) schema.security = [];
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.body) schema.body = endpoint.body;
  if (!isFileReply(endpoint.reply)) schema.response = { 200: endpoint.reply };
  // An optional body may be left out even with a JSON content type (POST /user/auth/logout).
  const optionalBody = endpoint.body?.safeParse(undefined).success === true;
  app.route({
    ...(optionalBody ? { onRequest: dropEmptyBodyContentType } : {}),
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { rule: opts.rule, endpoint, ...(isPublic ? { public: true } : {}) },
    preHandler: guardsOf(opts.rule),
    handler: limited(app, endpoint, opts.handler as RouteHandlerMethod),
  });
}

/**
 * The handler of a report or export endpoint runs within the caller's generation limit
 * (kernel/http/report-limit.ts); other handlers run as they are.
 */
function limited(app: App, endpoint: EndpointDef, handler: RouteHandlerMethod): RouteHandlerMethod {
  const limiter = app.reportLimiter;
  if (!limiter || !isReportEndpoint(endpoint)) return handler;
  return async function limitedHandler(this: unknown, request, reply) {
    const settled = limiter.begin(callerOf(request).uid, reply);
    try {
      return await handler.call(this as never, request, reply);
    } finally {
      settled();
    }
  };
}

/** An empty request body is no body: without this, Fastify refuses an empty body sent as JSON. */
async function dropEmptyBodyContentType(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length === 0 && !request.headers['transfer-encoding']) delete request.headers['content-type'];
}
