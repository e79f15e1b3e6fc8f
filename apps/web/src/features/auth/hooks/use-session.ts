import type { AuthUser } from '@towerwatch/contract';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getAccessToken, isTokenExpired, subscribeTokens } from '../../../lib/token-store.ts';
import { authUserQueryOptions } from '../api/auth-api.ts';

/** The sign-in state: the user (once fetched), whether a token is held, and the expiry flag. */
export interface Session {
  user: AuthUser | undefined;
  loggedIn: boolean;
  expired: boolean;
  loading: boolean;
}

const snapshot = () => `${getAccessToken() ?? ''}|${isTokenExpired() ? 1 : 0}`;

/** Watches the token store and the user query (docs/requirements.md#auth-states). */
export function useSession(): Session {
  const state = useSyncExternalStore(subscribeTokens, snapshot, () => '|0');
  const loggedIn = !state.startsWith('|');
  const query = useQuery({ ...authUserQueryOptions(), enabled: loggedIn });
  return {
    user: loggedIn ? query.data : undefined,
    loggedIn,
    expired: state.endsWith('|1'),
    loading: loggedIn && query.isPending,
  };
}

/** The signed-in user; only for components rendered behind the auth loader. */
export function useAuthUser(): AuthUser {
  const { user } = useSession();
  if (!user) throw new Error('useAuthUser outside an authenticated route');
  return user;
}
