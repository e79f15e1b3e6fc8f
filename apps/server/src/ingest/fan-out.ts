/**
 * After an ingest batch commits: the live messages of each site's part of it (events, status, pin
 * values, access and rectifier records, command acknowledgements), published on the bus in order.
 */
import { LIVE_EVENTS, liveMessage } from '@towerwatch/contract';
import { batteryClassMoved } from '@towerwatch/domain';
import type { EventBus, FocusedSites } from '../bus/bus.ts';
import type { BatchWrites, EventRowOut } from './batch-writes.ts';
import type { AckLiveMessage } from './commands.ts';
import { pinUpdateEnvelopes, siteEventEnvelope, siteStatusEnvelope } from './live-messages.ts';
import type { SiteRuntime } from './site-store.ts';

/** What one site's jobs of a batch produced that the live fan-out needs. */
export interface SiteOut {
  runtime: SiteRuntime;
  statusChanged: boolean;
  pinUpdates: Parameters<typeof pinUpdateEnvelopes>[2];
  /** Indexes into the batch's `writes.access` (and the returned access ids). */
  access: number[];
  oem: BatchWrites['oem'];
  ackMessages: AckLiveMessage[];
}

/**
 * Which dashboard counts of a site a batch may have moved: `status` (alarms, DC load) or `battery`
 * (the class of a battery_terminal reading moved, docs/requirements.md#battery-classes).
 */
export interface CountsMoved {
  status: boolean;
  battery: boolean;
}

/**
 * Live messages of one site's part of a committed batch; says which of its dashboard counts may move.
 * `focusedSites`: every focused site of the deployment, when known (pin updates only for them).
 */
export function fanOut(
  bus: EventBus,
  so: SiteOut,
  events: EventRowOut[],
  writes: BatchWrites,
  accessIds: number[],
  accessCards: readonly { cardId: number | null; holderName: string | null }[] = [],
  focusedSites?: FocusedSites,
): CountsMoved {
  const { site, state } = so.runtime;
  for (const row of events) bus.publish('live', siteEventEnvelope(site, row));
  if (so.statusChanged) bus.publish('live', siteStatusEnvelope(site, state));
  // Pin updates go only to sockets focused on the site: none are built when no socket is (and the
  // process knows every socket, see docs/decisions/pin-updates-for-focused-sites.md).
  if (!focusedSites || focusedSites.has(site.siteUid))
    for (const env of pinUpdateEnvelopes(site, state, so.pinUpdates)) bus.publish('live', env);
  for (const i of so.access) {
    const a = writes.access[i];
    const id = accessIds[i];
    if (a === undefined || id === undefined) continue;
    bus.publish('live', {
      audience: { companyId: site.companyId, siteUid: site.siteUid, tenant: null },
      message: liveMessage(LIVE_EVENTS.RMS_ACCESS_RECORD, {
        id,
        siteUid: site.siteUid,
        comId: a.comId,
        kind: 'card',
        cardNumber: a.cardNumber,
        granted: a.granted,
        reason: a.reason,
        door: a.door,
        cardId: accessCards[i]?.cardId ?? null,
        holderName: accessCards[i]?.holderName ?? null,
        unlockedBy: null,
        unlockedByName: null,
        time: a.time.toISOString(),
      }),
    });
  }
  for (const o of so.oem) {
    bus.publish('live', {
      audience: { companyId: site.companyId, siteUid: site.siteUid, tenant: null, focus: true },
      message: liveMessage(LIVE_EVENTS.RECTIFIER_EVENT, {
        siteUid: site.siteUid,
        comId: o.comId,
        kind: o.kind,
        time: o.time.toISOString(),
        data: o.data as Record<string, unknown>,
      }),
    });
  }
  for (const m of so.ackMessages) {
    bus.publish('live', {
      audience: { companyId: site.companyId, siteUid: site.siteUid, tenant: null },
      message: m,
    });
  }
  // Dashboard counts read alarms, DC load and battery classes: recount only when one of them moved.
  // Most battery readings keep their class (a float-charged battery stays full): no recount for them.
  return {
    status: so.statusChanged,
    battery: batteryMoved(site.settings.thresholds.dcLowVoltage, so.pinUpdates),
  };
}

/** True when a battery_terminal update of the batch moved its counted class (domain rule). */
function batteryMoved(dcLowVoltage: number, updates: SiteOut['pinUpdates']): boolean {
  return updates.some(
    (u) =>
      u.configs.some((c) => c.type === 'battery_terminal') &&
      batteryClassMoved(u.previous, u.value, dcLowVoltage),
  );
}
