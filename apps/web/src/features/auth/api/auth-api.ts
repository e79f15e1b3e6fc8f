import {
  type AuthUser,
  authEndpoints,
  type EndpointBody,
  type LoginBody,
  type LoginReply,
} from '@towerwatch/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/token-store.ts';

/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

/** GET /user/auth/user: the signed-in user, fetched after login (docs/requirements.md#auth-calls). */
export function fetchAuthUser(): Promise<AuthUser> {
  return apiCall(authEndpoints.currentUser, { progress: false });
}

/** Query options for the signed-in user; the session lasts until logout, so it never goes stale. */
export const authUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: fetchAuthUser,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled: getAccessToken() !== null,
  });

/** POST /user/auth/login (public: no token, no refresh). */
export function login(body: LoginBody): Promise<LoginReply> {
  return apiCall(authEndpoints.login, { body });
}

/** POST /user/auth/logout (revokes the refresh token on the server). */
export function logout(): Promise<unknown> {
  return apiCall(authEndpoints.logout, { body: {}, progress: false });
}

/** POST /user/profile/update. */
export function updateProfile(body: EndpointBody<typeof authEndpoints.profileUpdate>): Promise<AuthUser> {
  return apiCall(authEndpoints.profileUpdate, { body });
}

/** POST /user/profile/change-password (the old password is required). */
export function changePassword(body: EndpointBody<typeof authEndpoints.changePassword>): Promise<unknown> {
  return apiCall(authEndpoints.changePassword, { body });
}
