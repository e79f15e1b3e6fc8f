/**
 * The unit of work of the ingest pipeline: one device message (or a tick / settings change) for a
 * site, with what the pipeline derives from it before any state is touched (its message id for
 * de-duplication, its alarm engine input). A leaf: the pipeline, the batch and the row mapping
 * (writes.ts) all import it.
 */
import type { DeviceMessageOf, DeviceTopicKind } from '@towerwatch/contract';
import type { EngineInput } from '../alarms/engine.ts';

/** One unit of work for a site worker. */
export type SiteJob =
  | {
      [K in DeviceTopicKind]: {
        kind: K;
        comId: string;
        topic: string;
        message: DeviceMessageOf<K>;
        receivedAt: Date;
      };
    }[DeviceTopicKind]
  | { kind: 'tick'; receivedAt: Date; offlineMinutes: number }
  | { kind: 'settings'; receivedAt: Date };

/**
 * The (com_id, msg_id) a device message is de-duplicated on; null for jobs without one. A status
 * message has no msg_id: one with a `ts` is de-duplicated on `status@{ts}` (no device msg_id has an
 * `@`), so a status redelivered after later messages cannot switch the device offline a second time
 * (docs/device-protocol.md §9); a last will without `ts` is not.
 */
export function msgIdOf(job: SiteJob): { comId: string; msgId: string } | null {
  if (!('topic' in job)) return null;
  if (job.kind === 'status')
    return job.message.ts === undefined ? null : { comId: job.comId, msgId: `status@${job.message.ts}` };
  const m = job.message as { msg_id?: string };
  return typeof m.msg_id === 'string' ? { comId: job.comId, msgId: m.msg_id } : null;
}

/**
 * The com_id a job is written for, which a partition lease must cover (NATS ingest,
 * db/partition-leases.ts): the message's device, else the site's first device (ticks, settings).
 */
export function fenceKeyOf(job: SiteJob, siteComIds: readonly string[] | undefined): string | undefined {
  if ('comId' in job) return job.comId;
  return siteComIds && siteComIds.length > 0 ? [...siteComIds].sort()[0] : undefined;
}

/** The engine input of a job; null for jobs that only mark the device seen (handled as empty pins). */
export function toEngineInput(job: SiteJob, now: Date): EngineInput | null {
  switch (job.kind) {
    case 'pins':
      return {
        kind: 'pins',
        comId: job.comId,
        time: new Date(job.message.ts),
        receivedAt: job.receivedAt,
        readings: job.message.readings,
      };
    case 'events':
      return {
        kind: 'event',
        comId: job.comId,
        time: new Date(job.message.ts),
        receivedAt: job.receivedAt,
        event: job.message.event,
        pin: job.message.pin,
        value: job.message.value,
      };
    case 'status':
      return {
        kind: 'status',
        comId: job.comId,
        time: job.message.ts ? new Date(job.message.ts) : job.receivedAt,
        receivedAt: job.receivedAt,
        online: job.message.online,
      };
    case 'access':
    case 'oem':
    case 'cmd/ack':
    case 'cmd':
      // Any message proves the device is alive.
      return {
        kind: 'pins',
        comId: job.comId,
        time: job.receivedAt,
        receivedAt: job.receivedAt,
        readings: [],
      };
    case 'tick':
      return { kind: 'tick', time: now, offlineMinutes: job.offlineMinutes };
    case 'settings':
      return { kind: 'settings', time: now };
  }
}
