import type { QueryClient } from '@tanstack/react-query';
import type { LiveSiteEvent } from '@towerwatch/contract';
import { LIVE_EVENTS } from '@towerwatch/contract';
import { routeLiveEvent, SITE_MODULES, type SiteModule } from '@towerwatch/domain';
import { createExternalStore } from '../../lib/external-store.ts';
import type { LiveMessage } from '../../lib/live-client.ts';
import type { FocusedSite } from '../../lib/site-focus.ts';

/**
 * Query keys of the open site's module data (access, mains, generator, battery, temperature). The
 * module screens (later issues) keep their data under `data(module, siteUid, ...)`: a live event
 * routed to the module invalidates that prefix, so their queries refetch.
 */
export const siteModuleKeys = {
  all: ['site-module'] as const,
  data: (module: SiteModule, siteUid: string) => [...siteModuleKeys.all, module, siteUid] as const,
};

/** Most routed events kept per module. */
export const ROUTED_EVENTS_LIMIT = 50;

/** Live events routed to each module of the open site (newest first), for the focused tenant. */
export interface RoutedEvents {
  siteUid: string | null;
  tenant: string | null;
  byModule: Record<SiteModule, LiveSiteEvent[]>;
}

const empty = (siteUid: string | null, tenant: string | null): RoutedEvents => ({
  siteUid,
  tenant,
  byModule: Object.fromEntries(SITE_MODULES.map((module) => [module, []])) as unknown as Record<
    SiteModule,
    LiveSiteEvent[]
  >,
});

/** The routed events of the open site; emptied when the focused site or tenant changes. */
export const routedEventsStore = createExternalStore<RoutedEvents>(empty(null, null));

/** Empties the routed events when the open site or its focused tenant is not the one they were for. */
export function syncRoutedEvents(focus: FocusedSite | null): void {
  const siteUid = focus?.siteUid ?? null;
  const tenant = focus?.tenant ?? null;
  const current = routedEventsStore.get();
  if (current.siteUid !== siteUid || current.tenant !== tenant) routedEventsStore.set(empty(siteUid, tenant));
}

/**
 * Routes a live message to the open site's module (
 * docs/requirements.md#live-routing, rule in the domain's `routeLiveEvent`: power events only for the focused tenant):
 * records the event for the module and invalidates the module's data. Returns the module, or null.
 */
export function routeLiveMessage(
  message: LiveMessage,
  focus: FocusedSite | null,
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
): SiteModule | null {
  if (message.event !== LIVE_EVENTS.SITE_EVENT || !focus) return null;
  const event = message.payload;
  const module = routeLiveEvent(event, { siteUid: focus.siteUid, focusedTenant: focus.tenant });
  if (!module) return null;
  syncRoutedEvents(focus);
  routedEventsStore.set((previous) => ({
    ...previous,
    byModule: {
      ...previous.byModule,
      [module]: [event, ...previous.byModule[module].filter((e) => e.id !== event.id)].slice(
        0,
        ROUTED_EVENTS_LIMIT,
      ),
    },
  }));
  void queryClient.invalidateQueries({ queryKey: siteModuleKeys.data(module, focus.siteUid) });
  return module;
}
