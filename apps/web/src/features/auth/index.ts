/** What the auth feature offers the app and other features: the signed-in user and logout. */
export { authKeys, authUserQueryOptions } from './api/auth-api.ts';
export { useLogout } from './hooks/use-logout.ts';
export { type Session, useAuthUser, useSession } from './hooks/use-session.ts';
