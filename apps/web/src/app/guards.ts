import { legacyDashboardDecision, ROUTES, runGuards, UnknownGuardError } from '@towerwatch/domain';
import { data, type LoaderFunction, redirect } from 'react-router';
// The guards run before any page, /login included: they take the auth query and the site load
// themselves, not the features' index.ts (which would bring the signed-in frame's hooks into the
// first bundle).
import { authUserQueryOptions } from '../features/auth/api/auth-api.ts';
import { isSiteListLoaded, isSiteListLoading, loadSiteList } from '../features/sites/site-load.ts';
import { ticketsLoaded } from '../features/tickets/tickets-loaded.ts';
import { ApiError } from '../lib/api-error.ts';
import { queryClient } from '../lib/query-client.ts';
import { focusedSiteStore } from '../lib/site-focus.ts';
import { getAccessToken, isTokenExpired } from '../lib/token-store.ts';

/** Loads the signed-in user, or sends the visitor to /login. */
async function requireUser() {
  if (!getAccessToken()) throw redirect(ROUTES.login);
  try {
    return await queryClient.ensureQueryData(authUserQueryOptions());
  } catch (error) {
    // The token was refused even after a refresh: sign in again (the session itself is not reset).
    if (error instanceof ApiError && error.status === 401) throw redirect(ROUTES.login);
    throw error;
  }
}

/**
 * A route loader that requires sign-in and runs the named guards of docs/requirements.md#guards in order
 * (decisions in `@towerwatch/domain` `runGuards`). An unknown guard name becomes the 500 page
 * 'Unknown middleware ...'.
 */
export function guarded(...names: string[]): LoaderFunction {
  return async ({ request }) => {
    const user = await requireUser();
    const query = new URL(request.url).searchParams;
    const recordId = query.get('id');
    // A site page's link names its site (`?site_uid=`): open that one (docs/requirements.md#deep-links).
    const urlSiteUid = query.get('site_uid') || null;
    const state = () => ({
      recordRequested: recordId !== null && recordId !== '',
      user,
      siteConfigSelected: focusedSiteStore.get() !== null,
      ticketsLoaded: ticketsLoaded(),
      siteListLoaded: isSiteListLoaded(user),
      siteListLoading: isSiteListLoading(user),
      tokenExpired: isTokenExpired(),
    });
    try {
      // The setup guard loads the site list first, so the guards after it see the opened site.
      const setupAt = names.indexOf('setup');
      if (setupAt >= 0) {
        const before = runGuards(names.slice(0, setupAt + 1), state());
        if (!before.allow) throw redirect(before.redirectTo);
        if (before.loadSiteList || (urlSiteUid && focusedSiteStore.get()?.siteUid !== urlSiteUid))
          await loadSiteList(user, urlSiteUid);
      }
      const decision = runGuards(names, state());
      if (!decision.allow) throw redirect(decision.redirectTo);
    } catch (error) {
      if (error instanceof UnknownGuardError) throw data(error.message, { status: 500 });
      throw error;
    }
    return null;
  };
}

/** Loader of the legacy dashboard: only with the legacy access role, others → /dashboard. */
export const legacyLoader: LoaderFunction = async (args) => {
  await guarded('user')(args);
  const user = await requireUser();
  const decision = legacyDashboardDecision(user);
  if (!decision.allow) throw redirect(decision.redirectTo);
  return null;
};
