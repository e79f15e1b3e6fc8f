/** Builds the site-area repositories and shared dependencies from the container (used by the route modules). */
import type { Container } from '../../composition.ts';
import { createCommandsRepository } from './commands.repository.ts';
import { createSiteRepository } from './site.repository.ts';

export function siteDeps(c: Container) {
  return {
    sites: createSiteRepository(c.pool),
    commands: createCommandsRepository(c.pool),
    clock: c.clock,
    pool: c.pool,
    bus: c.bus,
  };
}
