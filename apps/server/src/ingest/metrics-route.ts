/**
 * GET /metrics: Prometheus text of the ingest counters and of this process's event-loop delay
 * (kernel/event-loop-delay.ts; each scrape starts a new delay window). Public, like /healthz: no data
 * is exposed.
 */
import { registerEventLoopDelay } from '../kernel/event-loop-delay.ts';
import type { App } from '../kernel/types.ts';
import { type IngestMetrics, metricsContentType, metricsText } from './metrics.ts';

export function registerMetricsRoute(app: App, metrics: IngestMetrics): void {
  const stopDelay = registerEventLoopDelay(metrics.registry);
  app.addHook('onClose', async () => stopDelay());
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type(metricsContentType(metrics)).send(await metricsText(metrics)),
  );
}
