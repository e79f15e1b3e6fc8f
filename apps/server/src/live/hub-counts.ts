/**
 * Dashboard count pushes of the live hub. Nothing runs on a timer: a scope's counts are computed only
 * when one of its sites changed and it has a signed-in socket (a scope exists only while it has one),
 * coalesced: the dashboard counts at most every `countsInterval`, device health counts at most every
 * `healthInterval`, and fresh battery classes (asked only when a class of the scope moved; between
 * moves the counts service answers the classes it read last) at most every `batteryInterval`. A part
 * that is due but not yet allowed gets one later push of its own. Each count message is serialised
 * once per scope; each socket gets only the count events that changed since its previous push (all of
 * them the first time).
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
 * Returns `scheduleCounts(scope, batteryMoved?)`: a change in the scope's sites; its counts are pushed
 * soon but not more often than allowed.
 */
export function createCountPusher({
  deps,
  deliver,
  countsInterval,
  healthInterval,
  batteryInterval,
}: CountPusherDeps): (scope: Scope, batteryMoved?: boolean) => void {
  async function pushCounts(scope: Scope): Promise<void> {
    if (scope.users.size === 0) return;
    const now = Date.now();
    const freshBattery = scope.batteryMoved && now - scope.batteryAt >= batteryInterval;
    const withCounts = deps.countsOf !== undefined && (scope.countsDue || freshBattery);
    const withHealth =
      deps.healthOf !== undefined && scope.healthDue && now - scope.healthAt >= healthInterval;
    if (!withCounts && !withHealth) return;
    if (withCounts) {
      scope.countsDue = false;
      scope.countsAt = now;
    }
    if (freshBattery) {
      scope.batteryMoved = false;
      scope.batteryAt = now;
    }
    if (withHealth) {
      scope.healthDue = false;
      scope.healthAt = now;
    }
    const [counts, health] = await Promise.all([
      !withCounts
        ? undefined
        : freshBattery
          ? deps.countsOf?.(scope.caller, { freshBattery })
          : deps.countsOf?.(scope.caller),
      withHealth ? deps.healthOf?.(scope.caller) : undefined,
    ]);
    const messages: [LiveServerMessage['event'], unknown][] = counts
      ? COUNT_EVENTS.map(([key, event]) => [event, counts[key]])
      : [];
    if (health) messages.push([LIVE_EVENTS.RMS_DEVICE_HEALTH_COUNT, health]);
    // Serialised once per scope and push, whatever the number of its sockets.
    const changed: Buffer[] = [];
    for (const [event, payload] of messages) {
      const json = JSON.stringify({ event, payload });
      if (scope.lastCounts.get(event) === json) continue;
      scope.lastCounts.set(event, json);
      changed.push(Buffer.from(json));
    }
    let all: Buffer[] | null = changed.length === scope.lastCounts.size ? changed : null;
    for (const user of scope.users) {
      for (const c of user.clients) {
        if (!c.hasCounts) all ??= [...scope.lastCounts.values()].map((j) => Buffer.from(j));
        for (const json of c.hasCounts ? changed : (all ?? changed)) deliver(c.socket, json);
        c.hasCounts = true;
      }
    }
  }

  /** Plans the next push of what is due: each part not sooner than its interval after its last computation. */
  function plan(scope: Scope): void {
    if (scope.users.size === 0) return;
    let at = Number.POSITIVE_INFINITY;
    if (deps.countsOf && scope.countsDue) at = Math.min(at, scope.countsAt + countsInterval);
    if (deps.countsOf && scope.batteryMoved) at = Math.min(at, scope.batteryAt + batteryInterval);
    if (deps.healthOf && scope.healthDue) at = Math.min(at, scope.healthAt + healthInterval);
    if (at === Number.POSITIVE_INFINITY || scope.pushing) return;
    if (scope.timer) {
      if (scope.timerAt <= at) return;
      clearTimeout(scope.timer);
    }
    scope.timerAt = at;
    scope.timer = setTimeout(
      () => {
        scope.timer = null;
        scope.pushing = true;
        pushCounts(scope)
          .catch((err: unknown) => deps.log.error({ err, scope: scope.key }, 'live: counts failed'))
          .finally(() => {
            scope.pushing = false;
            // Changes that came in meanwhile (or a part not yet allowed): the next push.
            plan(scope);
          });
      },
      Math.max(0, at - Date.now()),
    );
    scope.timer.unref();
  }

  return (scope, batteryMoved = false) => {
    scope.countsDue = true;
    scope.healthDue = true;
    if (batteryMoved) scope.batteryMoved = true;
    plan(scope);
  };
}
