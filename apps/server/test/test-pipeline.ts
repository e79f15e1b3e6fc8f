/** An ingest pipeline on a test server's database, bus and clock (test-only code). */
import { createIngestMetrics } from '../src/ingest/metrics.ts';
import {
  createIngestPipeline,
  type IngestPipeline,
  type IngestPipelineDeps,
} from '../src/ingest/pipeline.ts';
import { createSiteStore } from '../src/ingest/site-store.ts';
import type { TestServer } from './harness.ts';

/** A pipeline of `t` with fresh metrics and site store; `extra` adds or overrides its dependencies. */
export function testPipeline(t: TestServer, extra: Partial<IngestPipelineDeps> = {}): IngestPipeline {
  return createIngestPipeline({
    pool: t.pool,
    store: createSiteStore(t.pool),
    bus: t.container.bus,
    clock: t.clock,
    log: t.container.log,
    metrics: createIngestMetrics(),
    ...extra,
  });
}
