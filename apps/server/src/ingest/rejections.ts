/**
 * Refused device messages: every refusal is counted in the ingest metrics (with the most recent kept
 * for the device health screen); the log keeps one line per device and reason per minute.
 */
import type { Logger } from 'pino';
import { type IngestMetrics, RECENT_REJECTIONS, type RejectReason } from './metrics.ts';

/** Most devices with refusals held between two flushes (a flood of invented com ids stays bounded). */
export const MAX_PENDING_DEVICES = 20_000;

/** Adds one refusal to the device's pending counts (device_rejections, flushed by the ingest role). */
function countForDevice(
  metrics: IngestMetrics,
  comId: string,
  reason: RejectReason,
  error: string | null,
): void {
  let reasons = metrics.byDevice.get(comId);
  if (!reasons) {
    if (metrics.byDevice.size >= MAX_PENDING_DEVICES) return;
    reasons = new Map();
    metrics.byDevice.set(comId, reasons);
  }
  const entry = reasons.get(reason);
  if (entry) {
    entry.count += 1;
    entry.lastAt = new Date();
    entry.lastError = error ?? entry.lastError;
  } else reasons.set(reason, { count: 1, lastAt: new Date(), lastError: error });
}

/** Records one refusal. */
export type Reject = (reason: RejectReason, topic: string, comId: string | null, error?: string) => void;

export function createRejecter(metrics: IngestMetrics, log: Pick<Logger, 'warn' | 'debug'>): Reject {
  const lastLogged = new Map<string, number>();
  return (reason, topic, comId, error) => {
    metrics.rejected[reason] += 1;
    metrics.recent.push({ reason, topic, comId, error: error ?? null });
    if (metrics.recent.length > RECENT_REJECTIONS)
      metrics.recent.splice(0, metrics.recent.length - RECENT_REJECTIONS);
    if (comId) countForDevice(metrics, comId, reason, error ?? null);
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
