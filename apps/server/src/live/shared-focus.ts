/**
 * Focused sites across processes. Ingest builds pin-update messages only for the sites some live
 * socket is focused on (docs/decisions/focused-sites-shared-across-processes.md). In one process the
 * hub answers directly; with a shared bus (MQTT_URL, several processes) the hub of another process may
 * hold the focused socket, so every hub publishes its whole set of focused sites on `live.focus`:
 * at once when a site enters or leaves it (then at most every {@link FOCUS_COALESCE_MS}), every
 * {@link FOCUS_REFRESH_MS} while it is not empty, and when a process that joined the bus asks
 * (`live.focus-request`). Every process keeps the sets it hears and forgets a hub not heard from for
 * {@link FOCUS_EXPIRY_MS} (a process that died).
 *
 * A socket focused on another process's site receives that site's pin updates once its hub's set has
 * crossed the broker (milliseconds); the page it opened read the site's values over HTTP already.
 */
import { randomUUID } from 'node:crypto';
import type { EventBus, FocusedSites } from '../bus/bus.ts';

/** Least time between two publications of a hub's focused sites after changes. */
export const FOCUS_COALESCE_MS = 50;
/** A hub with focused sites publishes them again this often (for processes that joined later). */
export const FOCUS_REFRESH_MS = 5_000;
/** A hub whose set was not heard for this long is forgotten (its process is gone). */
export const FOCUS_EXPIRY_MS = 3 * FOCUS_REFRESH_MS;

export interface FocusPublisher {
  /** The hub's focused sites changed (a site entered or left the set). */
  changed(): void;
  /** Stops publishing; a hub that had focused sites publishes an empty set last. */
  stop(): void;
}

/** Publishes a hub's focused sites (`sites`) on the bus; see the module comment for when. */
export function createFocusPublisher(bus: EventBus, sites: () => Iterable<string>): FocusPublisher {
  const hub = randomUUID();
  let last = Number.NEGATIVE_INFINITY;
  let lastWasEmpty = true;
  let pending: NodeJS.Timeout | null = null;
  const publish = () => {
    if (pending) clearTimeout(pending);
    pending = null;
    last = performance.now();
    const list = [...sites()];
    lastWasEmpty = list.length === 0;
    bus.publish('live.focus', { hub, sites: list });
  };
  const refresh = setInterval(() => {
    if (!lastWasEmpty || [...sites()].length > 0) publish();
  }, FOCUS_REFRESH_MS);
  refresh.unref();
  const offRequest = bus.subscribe('live.focus-request', () => publish());
  return {
    changed() {
      if (pending) return;
      const wait = last + FOCUS_COALESCE_MS - performance.now();
      if (wait <= 0) publish();
      else {
        pending = setTimeout(publish, wait);
        pending.unref();
      }
    },
    stop() {
      clearInterval(refresh);
      if (pending) clearTimeout(pending);
      pending = null;
      offRequest();
      // The others forget this hub's sites at once rather than after FOCUS_EXPIRY_MS.
      if (!lastWasEmpty) bus.publish('live.focus', { hub, sites: [] });
    },
  };
}

export interface SharedFocus extends FocusedSites {
  /** Asks every hub on the bus for its focused sites (after this process joined a shared bus). */
  request(): void;
  stop(): void;
}

/**
 * Every focused site of the deployment: this process's hub (`local`, asked directly; nothing when the
 * process has no live role) and the sets published by every hub on the bus.
 */
export function createSharedFocus(
  bus: EventBus,
  local: FocusedSites,
  now: () => number = () => performance.now(),
): SharedFocus {
  const hubs = new Map<string, { sites: Set<string>; at: number }>();
  const off = bus.subscribe('live.focus', (event) => {
    if (event.sites.length === 0) hubs.delete(event.hub);
    else hubs.set(event.hub, { sites: new Set(event.sites), at: now() });
  });
  return {
    has(siteUid) {
      if (local.has(siteUid)) return true;
      if (hubs.size === 0) return false;
      const t = now();
      for (const [id, hub] of hubs) {
        if (t - hub.at > FOCUS_EXPIRY_MS) hubs.delete(id);
        else if (hub.sites.has(siteUid)) return true;
      }
      return false;
    },
    request: () => bus.publish('live.focus-request', {}),
    stop: off,
  };
}
