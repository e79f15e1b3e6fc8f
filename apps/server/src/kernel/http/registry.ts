/**
 * The route registry: every route the app serves, with the rule and contract endpoint of API routes
 * (null for infrastructure routes: /healthz, /metrics, /wss, /api-docs, static files). Tests
 * enumerate it (`app.routeRegistry`): every contract endpoint is served, every API route has a rule.
 */
import type { EndpointDef } from '@towerwatch/contract';
import type { FastifyInstance } from 'fastify';
import type { Rule } from './rules.ts';

export interface RegisteredRoute {
  readonly method: string;
  readonly path: string;
  /** The permission rule (API routes); null for infrastructure routes. */
  readonly rule: Rule | null;
  /** The contract endpoint (API routes); null for infrastructure routes. */
  readonly endpoint: EndpointDef | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far (filled by an onRoute hook; see kernel/http/registry.ts). */
    readonly routeRegistry: readonly RegisteredRoute[];
  }
}

/** Decorates `app` with its route registry; call before any route is registered. */
export function installRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeRegistry', routes);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      routes.push({
        method,
        path: options.url,
        rule: options.config?.rule ?? null,
        endpoint: options.config?.endpoint ?? null,
      });
    }
  });
}
