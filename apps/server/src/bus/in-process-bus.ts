/** The in-process bus: one process, subscribers called asynchronously (never inside publish). */
import type { BusChannel, BusEvents, BusHandler, BusLogger, EventBus } from './bus.ts';

/** A registry of handlers per channel, shared by the in-process and MQTT buses. */
export interface HandlerRegistry {
  add<C extends BusChannel>(channel: C, handler: BusHandler<C>): () => void;
  dispatch<C extends BusChannel>(channel: C, event: BusEvents[C]): void;
  clear(): void;
}

/** Creates a handler registry; handler errors (thrown or rejected) are logged, never rethrown. */
export function createHandlerRegistry(logger?: BusLogger): HandlerRegistry {
  const handlers = new Map<BusChannel, Set<BusHandler<BusChannel>>>();
  const report = (channel: BusChannel, err: unknown) => logger?.error({ err, channel }, 'bus handler failed');
  return {
    add(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      const h = handler as BusHandler<BusChannel>;
      set.add(h);
      return () => {
        set.delete(h);
      };
    },
    dispatch(channel, event) {
      const set = handlers.get(channel);
      if (!set) return;
      for (const handler of [...set]) {
        try {
          const r = handler(event as BusEvents[BusChannel]);
          if (r && typeof (r as Promise<void>).catch === 'function') {
            (r as Promise<void>).catch((err: unknown) => report(channel, err));
          }
        } catch (err) {
          report(channel, err);
        }
      }
    },
    clear() {
      handlers.clear();
    },
  };
}

/**
 * Creates the in-process bus. Delivery is asynchronous (a microtask after publish) so a publisher
 * is never re-entered by its subscribers, and in publish order.
 */
export function createInProcessBus(logger?: BusLogger): EventBus {
  const registry = createHandlerRegistry(logger);
  let closed = false;
  return {
    publish(channel, event) {
      if (closed) return;
      queueMicrotask(() => {
        if (!closed) registry.dispatch(channel, event);
      });
    },
    subscribe(channel, handler) {
      return registry.add(channel, handler);
    },
    async close() {
      closed = true;
      registry.clear();
    },
  };
}
