/**
 * Refused device messages: every refusal is counted in the ingest metrics (with the most recent kept
 * for the device health screen); the log keeps one line per device and reason per minute.
 */
import type { Logger } from 'pino';
import { type IngestMetrics, RECENT_REJECTIONS, type RejectReason } from './metrics.ts';

/** Records one refusal. */
export type Reject = (reason: RejectReason, topic: string, comId: string | null, error?: string) => void;

export function createRejecter(metrics: IngestMetrics, log: Pick<Logger, 'warn' | 'debug'>): Reject {
  const lastLogged = new Map<string, number>();
  return (reason, topic, comId, error) => {
    metrics.rejected[reason] += 1;
    metrics.recent.push({ reason, topic, comId, error: error ?? null });
    if (metrics.recent.length > RECENT_REJECTIONS)
      metrics.recent.splice(0, metrics.recent.length - RECENT_REJECTIONS);
    if (reason === 'duplicate') {
      log.debug({ topic, comId }, 'device message duplicate ignored');
      return;
    }
    // Every refusal is counted; the log keeps one line per device and reason per minute.
    const key = `${reason}/${comId ?? topic}`;
    const now = Date.now();
    if ((lastLogged.get(key) ?? 0) + 60_000 > now) return;
    if (lastLogged.size > 10_000) lastLogged.clear();
    lastLogged.set(key, now);
    log.warn({ topic, comId, reason, error }, 'device message rejected');
  };
}
