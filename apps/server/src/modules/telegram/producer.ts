/**
 * Turns new site events into queued messages (docs/requirements.md#messaging-delivery): one row per
 * active group subscribed to the site whose settings select the transition
 * (docs/requirements.md#messaging-policy). The cursor row is locked (`skip locked`): one process scans
 * at a time; the unique (group, event) key makes a repeated scan harmless.
 */
import { deliveryPlan, policySelects } from '@towerwatch/domain';
import type { Clock } from '../../clock.ts';
import { type Pool, withTransaction } from '../../db/pool.ts';
import { createOutboxRepository, type NewOutboxRow, toPolicy } from './outbox.repository.ts';

const BATCH = 500;

/** Queues the transitions since the cursor; returns the number of rows queued. */
export async function queueNewEvents(pool: Pool, clock: Clock): Promise<number> {
  return withTransaction(pool, async (tx) => {
    const outbox = createOutboxRepository(tx);
    const cursor = await outbox.lockCursor();
    if (!cursor) return 0;
    const events = await outbox.newEvents(cursor.last_event_id, BATCH);
    if (events.length === 0) return 0;
    const subs = await outbox.subscriptions([...new Set(events.map((e) => e.site_uid))]);
    const bySite = new Map<string, typeof subs>();
    for (const s of subs) bySite.set(s.site_uid, [...(bySite.get(s.site_uid) ?? []), s]);
    const rows: NewOutboxRow[] = [];
    for (const event of events) {
      const t = { alarmId: event.alarm_id, eventName: event.name, active: event.active };
      for (const sub of bySite.get(event.site_uid) ?? []) {
        const policy = toPolicy(sub);
        if (!policySelects(policy, t)) continue;
        rows.push({
          groupId: sub.group_id,
          event,
          silent: deliveryPlan(policy, t, new Date(event.time)).silent,
        });
      }
    }
    const queued = await outbox.enqueue(rows, clock.now());
    await outbox.saveCursor((events[events.length - 1] as { id: string }).id);
    return queued;
  });
}
