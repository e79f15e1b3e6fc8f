/**
 * Dashboard count pushes of the live hub: computed once per scope when its sites change, at most
 * every `countsInterval` (device health counts at most every `healthInterval`); each socket gets only
 * the count events that changed since its previous push (all of them the first time). When a battery
 * class of the scope moved, a push asks for fresh battery classes (the counts service caches them),
 * at most every `batteryInterval`: a later push is planned when the move came too soon after the last.
 */
import { LIVE_EVENTS, type LiveServerMessage, type StatusCountsReply } from '@towerwatch/contract';
import type { HubDelivery } from './hub-delivery.ts';
import type { LiveHubDeps, Scope } from './hub-types.ts';

const COUNT_EVENTS: [keyof StatusCountsReply, LiveServerMessage['event']][] = [
  ['power', LIVE_EVENTS.POWER_COUNT],
  ['dcPower', LIVE_EVENTS.DC_POWER_COUNT],
  ['alarm', LIVE_EVENTS.ALARM_COUNT],
  ['access', LIVE_EVENTS.ACCESS_COUNT],
  ['mains', LIVE_EVENTS.MAINS_AVAILABLE_COUNT],
  ['dg', LIVE_EVENTS.DG_RUNNING_COUNT],
  ['temperature', LIVE_EVENTS.TEMPERATURE_WISE_COUNT],
  ['battery', LIVE_EVENTS.BATTERY_BACKUP_COUNT],
];

export interface CountPusherDeps {
  deps: Pick<LiveHubDeps, 'countsOf' | 'healthOf' | 'log'>;
  deliver: HubDelivery['deliver'];
  countsInterval: number;
  healthInterval: number;
  batteryInterval: number;
}

/**
 * Returns `scheduleCounts(scope, batteryMoved?)`: a push of the scope's counts, soon but not more
 * often than allowed.
 */
export function createCountPusher({
  deps,
  deliver,
  countsInterval,
  healthInterval,
  batteryInterval,
}: CountPusherDeps): (scope: Scope, batteryMoved?: boolean) => void {
  async function pushCounts(scope: Scope): Promise<void> {
    scope.timer = null;
    if (scope.users.size === 0 || !deps.countsOf) return;
    scope.countsAt = Date.now();
    const withHealth = deps.healthOf && Date.now() - scope.healthAt >= healthInterval;
    if (withHealth) scope.healthAt = Date.now();
    const freshBattery = scope.batteryMoved && Date.now() - scope.batteryAt >= batteryInterval;
    if (freshBattery) {
      scope.batteryMoved = false;
      scope.batteryAt = Date.now();
    }
    const [counts, health] = await Promise.all([
      freshBattery ? deps.countsOf(scope.caller, { freshBattery }) : deps.countsOf(scope.caller),
      withHealth ? deps.healthOf?.(scope.caller) : undefined,
    ]);
    // A battery move too soon after the last fresh read: one more push once it is allowed.
    if (scope.batteryMoved) arm(scope, scope.batteryAt + batteryInterval - Date.now());
    const changed: Buffer[] = [];
    const messages: [LiveServerMessage['event'], unknown][] = COUNT_EVENTS.map(([key, event]) => [
      event,
      counts[key],
    ]);
    if (health) messages.push([LIVE_EVENTS.RMS_DEVICE_HEALTH_COUNT, health]);
    for (const [event, payload] of messages) {
      const json = JSON.stringify({ event, payload });
      if (scope.lastCounts.get(event) === json) continue;
      scope.lastCounts.set(event, json);
      changed.push(Buffer.from(json));
    }
    const all =
      changed.length === scope.lastCounts.size
        ? changed
        : [...scope.lastCounts.values()].map((j) => Buffer.from(j));
    for (const user of scope.users) {
      for (const c of user.clients) {
        for (const json of c.hasCounts ? changed : all) deliver(c.socket, json);
        c.hasCounts = true;
      }
    }
  }

  function scheduleCounts(scope: Scope, batteryMoved = false): void {
    if (batteryMoved) scope.batteryMoved = true;
    arm(scope, scope.countsAt + countsInterval - Date.now());
  }

  /** Plans a push in `wait` ms (not sooner than `countsInterval` after the last), unless one is planned. */
  function arm(scope: Scope, wait: number): void {
    if (!deps.countsOf || scope.timer) return;
    const delay = Math.max(0, wait, scope.countsAt + countsInterval - Date.now());
    scope.timer = setTimeout(() => {
      pushCounts(scope).catch((err: unknown) =>
        deps.log.error({ err, scope: scope.key }, 'live: counts failed'),
      );
    }, delay);
    scope.timer.unref();
  }

  return scheduleCounts;
}
