/** Builds the site-area services from the container (one place, used by the route modules). */
import type { EventBus } from '../../bus/bus.ts';
import type { Container } from '../../composition.ts';
import { createCommandsRepository } from './commands.repository.ts';
import { createSiteRepository } from './site.repository.ts';

/** The container's event bus when the live/ingest parts provide one. */
export function busOf(c: Container): Pick<EventBus, 'publish'> | undefined {
  const bus: unknown = (c as { bus?: unknown }).bus;
  return bus && typeof (bus as EventBus).publish === 'function' ? (bus as EventBus) : undefined;
}

export function siteDeps(c: Container) {
  return {
    sites: createSiteRepository(c.pool),
    commands: createCommandsRepository(c.pool),
    clock: c.clock,
    pool: c.pool,
    bus: busOf(c),
  };
}
