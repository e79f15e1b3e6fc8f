/** What the auth feature offers the app and other features: the signed-in user and logout. */
export { authKeys } from './api/auth-api.ts';
export { useLogout } from './hooks/use-logout.ts';
export { useAuthUser, useSession } from './hooks/use-session.ts';
