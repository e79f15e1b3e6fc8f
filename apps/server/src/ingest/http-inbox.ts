/**
 * The HTTP ingest's way into the pipeline (docs/device-protocol.md "HTTP ingest"): the vendors module
 * is built before the ingest role starts, so it gets this inbox, and the ingest role attaches its
 * pipeline when it runs in the same process. With NATS_URL every api process attaches the device
 * stream instead (nats/stream-publisher.ts): a message is delivered once the stream has it, and the
 * partition's owner writes it. Without either, HTTP ingest answers 503.
 */
import type { RejectReason } from './metrics.ts';
import type { Reject } from './rejections.ts';
import type { IngestPipeline } from './pipeline.ts';

/** The device stream as HTTP ingest's target (NATS_URL; nats/stream-publisher.ts), and where its own refusals are counted. */
export interface InboxStream {
  /** Resolves once the stream acknowledged the message. */
  publish(topic: string, payload: string): Promise<void>;
  reject: Reject;
}

export interface HttpInbox {
  attach(pipeline: Pick<IngestPipeline, 'handle' | 'reject'> | null): void;
  /**
   * After the detached pipeline stopped: rejects the deliveries it never settled (the ingest lease was
   * lost, so it dropped them unacknowledged), so their requests answer 503 at once and are sent again
   * instead of waiting for the client's time-out.
   */
  release(): void;
  /** With NATS_URL: publish to the device stream (takes the place of a pipeline). */
  attachStream(stream: InboxStream | null): void;
  available(): boolean;
  /**
   * Resolves once settled: committed, or to the refusal when the pipeline refused it (rate_limited,
   * unknown_device); with a stream, once the stream has it (the pipeline's refusals are counted later,
   * by the partition's owner). Rejects when it could not be handed over.
   */
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
  let stream: InboxStream | null = null;
  /** Deliveries handed to a pipeline and not settled yet: their rejections. */
  const pending = new Set<(err: Error) => void>();
  return {
    attach(p) {
      pipeline = p;
    },
    release() {
      for (const fail of [...pending]) fail(new Error('the ingest pipeline stopped before storing it'));
    },
    attachStream(s) {
      stream = s;
    },
    available: () => stream !== null || pipeline !== null,
    deliver(topic, payload) {
      if (stream) return stream.publish(topic, payload).then(() => undefined);
      const p = pipeline;
      if (!p) return Promise.reject(new Error('no ingest pipeline'));
      return new Promise((resolve, reject) => {
        const fail = (err: Error) => {
          pending.delete(fail);
          reject(err);
        };
        pending.add(fail);
        p.handle(topic, Buffer.from(payload), (refused) => {
          pending.delete(fail);
          resolve(refused);
        });
      });
    },
    refuse(reason, topic, comId, error) {
      (stream?.reject ?? pipeline?.reject)?.(reason, topic, comId, error);
    },
  };
}
