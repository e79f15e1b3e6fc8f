/**
 * The messages between the main thread and the ingest thread (docs/decisions/ingest-thread.md).
 * Device messages go over in one post per turn of the main thread's event loop, their payloads
 * packed into one transferred buffer; what the thread settled comes back in one post per settled
 * chunk, with the ingest counters it gained, so a message is acknowledged with its counts in place.
 */
import type { DeviceRateLimit } from '@towerwatch/domain';
import type { BusChannel } from '../../bus/bus.ts';
import type { Config } from '../../config.ts';
import type { PoolSpec } from '../../db/pool.ts';
import type { MetricsDelta, RejectReason } from '../metrics.ts';
import type { SiteJob } from '../site-job.ts';

/** What the ingest thread is started with (`workerData`). */
export interface IngestThreadInit {
  pool: PoolSpec;
  poolMax: number;
  logLevel: Config['logLevel'];
  deviceRate: DeviceRateLimit | undefined;
  /** The ingest lease the main thread holds: the thread fences its writes with it. Null: no lease. */
  lease: { name: string; epoch: number } | null;
  /** true: pin updates only for the sites some live socket is focused on (heard over the bus). */
  focusedOnly: boolean;
}

/**
 * A bus event crossing the thread boundary (structured clone). The thread sends every event it
 * publishes; the main thread sends only the channels the thread subscribes to ({@link TO_THREAD}).
 */
export interface BusPost {
  t: 'bus';
  channel: BusChannel;
  event: unknown;
}

/**
 * The channels the ingest thread subscribes to: the live hubs' focused sites (pin updates only for
 * them) and site config changes (its store reloads the site). A channel the thread's code starts to
 * follow must be added here.
 */
export const TO_THREAD = ['live.focus', 'site.config-changed'] as const satisfies readonly BusChannel[];

/** Main → thread. */
export type ToThread =
  | {
      /** Device messages: `ids[i]` (settled back), topic, payload bytes `buf[ends[i-1], ends[i])`. */
      t: 'messages';
      ids: number[];
      topics: string[];
      ends: number[];
      buf: ArrayBuffer;
      /** 1 = the broker already held the device connection to the rate. */
      rateChecked: number[];
    }
  | { t: 'job'; siteUid: string; job: SiteJob; id: number | null }
  | { t: 'reject'; reason: RejectReason; topic: string; comId: string | null; error?: string }
  | { t: 'idle'; id: number }
  | { t: 'stop'; id: number }
  | BusPost;

/** Thread → main. */
export type FromThread =
  | { t: 'ready' }
  | {
      /** Settled message and job ids; `refused[i]` is the reason passed to `done`, when one was. */
      t: 'settled';
      ids: number[];
      refused: [number, RejectReason][];
      metrics: MetricsDelta | null;
    }
  | { t: 'idle'; id: number; metrics: MetricsDelta | null }
  | { t: 'stopped'; id: number }
  | { t: 'lease-lost' }
  | BusPost;
