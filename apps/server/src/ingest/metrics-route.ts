/** GET /metrics: Prometheus text of the ingest counters (public, like /healthz; no data is exposed). */
import type { App } from '../app.ts';
import { type IngestMetrics, metricsContentType, metricsText } from './metrics.ts';

export function registerMetricsRoute(app: App, metrics: IngestMetrics): void {
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type(metricsContentType(metrics)).send(await metricsText(metrics)),
  );
}
