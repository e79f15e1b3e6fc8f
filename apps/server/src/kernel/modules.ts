/**
 * Assembles the route modules in the composition root, one line each:
 *
 *   const modules = moduleSet(kernel, shared)
 *     .add('site', createSiteModule)
 *     .add('events', createEventsModule); // its factory receives { ...shared, site, ... } services
 *
 * A module's factory gets the kernel and the services of the modules added before it (typed: a
 * factory asking for a module not yet added does not compile). Routes are registered in that order.
 */
import type { App, Kernel, ServerModule } from './types.ts';

/** The modules added so far: their services by name, and their routes. */
export interface ModuleSet<S extends object> {
  /** The shared services and every added module's services, by module name. */
  readonly services: S;
  /** Adds a module built by `create` from the kernel and the services added before it. */
  add<N extends string, M extends object>(
    name: N,
    create: (kernel: Kernel, services: S) => ServerModule<M>,
  ): ModuleSet<S & { readonly [K in N]: M }>;
  /** Registers the routes of every module, in the order they were added. */
  registerRoutes(app: App): void;
}

/** Starts a module set from the kernel and the services that belong to no module (auth sessions). */
export function moduleSet<S extends object>(kernel: Kernel, shared: S): ModuleSet<S> {
  return build(kernel, shared, []);
}

function build<S extends object>(
  kernel: Kernel,
  services: S,
  registrars: readonly ((app: App) => void)[],
): ModuleSet<S> {
  return {
    services,
    add<N extends string, M extends object>(
      name: N,
      create: (kernel: Kernel, services: S) => ServerModule<M>,
    ): ModuleSet<S & { readonly [K in N]: M }> {
      if (name in services) throw new Error(`module ${name} is added twice`);
      const module = create(kernel, services);
      const next = { ...services, [name]: module.services } as S & { readonly [K in N]: M };
      return build(kernel, next, [...registrars, (app) => module.registerRoutes(app)]);
    },
    registerRoutes(app) {
      for (const register of registrars) register(app);
    },
  };
}
