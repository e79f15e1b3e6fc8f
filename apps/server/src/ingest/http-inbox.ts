/**
 * The HTTP ingest's way into the pipeline (docs/device-protocol.md "HTTP ingest"): the vendors module
 * is built before the ingest role starts, so it gets this inbox, and the ingest role attaches its
 * pipeline when it runs in the same process. Without one, HTTP ingest answers 503.
 */
import type { RejectReason } from './metrics.ts';
import type { IngestPipeline } from './pipeline.ts';

export interface HttpInbox {
  attach(pipeline: Pick<IngestPipeline, 'handle' | 'reject'> | null): void;
  available(): boolean;
  /** Resolves once settled: to the refusal when the pipeline refused it (rate_limited, unknown_device). */
  deliver(topic: string, payload: string): Promise<RejectReason | undefined>;
  refuse(
    reason: 'unknown_device' | 'forbidden_topic' | 'too_large' | 'invalid_json' | 'invalid_payload',
    topic: string,
    comId: string,
    error: string,
  ): void;
}

export function createHttpInbox(): HttpInbox {
  let pipeline: Pick<IngestPipeline, 'handle' | 'reject'> | null = null;
  return {
    attach(p) {
      pipeline = p;
    },
    available: () => pipeline !== null,
    deliver(topic, payload) {
      const p = pipeline;
      if (!p) return Promise.reject(new Error('no ingest pipeline'));
      return new Promise((resolve) => p.handle(topic, Buffer.from(payload), resolve));
    },
    refuse(reason, topic, comId, error) {
      pipeline?.reject(reason, topic, comId, error);
    },
  };
}
