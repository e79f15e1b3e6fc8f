import type {
  AuthUser,
  ChangePasswordBody,
  LoginBody,
  LoginReply,
  ProfileUpdateBody,
} from '@towerwatch/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/token-store.ts';

/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

/** GET /user/auth/user: the signed-in user, fetched after login (platform-core §7). */
export function fetchAuthUser(): Promise<AuthUser> {
  return apiFetch<AuthUser>('/user/auth/user', { progress: false });
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

/** POST /user/auth/login. */
export function login(body: LoginBody): Promise<LoginReply> {
  return apiFetch<LoginReply>('/user/auth/login', { body, anonymous: true });
}

/** POST /user/auth/logout (revokes the refresh token on the server). */
export function logout(): Promise<unknown> {
  return apiFetch('/user/auth/logout', { method: 'POST', body: {}, progress: false });
}

/** POST /user/profile/update. */
export function updateProfile(body: ProfileUpdateBody): Promise<unknown> {
  return apiFetch('/user/profile/update', { body });
}

/** POST /user/profile/change-password (the old password is required). */
export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return apiFetch('/user/profile/change-password', { body });
}
