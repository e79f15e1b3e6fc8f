/**
 * Authentication for every route: verifies `Authorization: Bearer <access token>` (signature, expiry
 * against the injected clock), reads the user and whether the token's session is live in one
 * statement, and sets `request.caller`.
 * Routes opt out with `config: { public: true }` (login, refresh, /healthz, docs, web assets).
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import { UnauthorizedError } from '../errors.ts';
import { buildCaller, type Caller } from './caller.ts';
import { verifyAccessToken } from './tokens.ts';
import type { UserLookup } from './user-record.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No access token needed. */
    public?: boolean;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every non-public route. */
    caller: Caller | null;
  }
}

export interface AuthDeps {
  /** The user and their session, read together for every request (users repository). */
  users: UserLookup;
  tokenSecret: string;
  clock: Clock;
}

/** Resolves an access token to a Caller or throws UnauthorizedError with the reason. */
export async function authenticateToken(token: string, deps: AuthDeps): Promise<Caller> {
  const result = await verifyAccessToken(token, deps.tokenSecret, deps.clock.now());
  if (!result.ok) {
    throw new UnauthorizedError(
      result.reason === 'expired' ? 'Access token expired' : 'Invalid access token',
    );
  }
  // One round trip: the user and the session together (docs/decisions/auth-one-read.md).
  const found = await deps.users.findSignedIn(result.claims.sub, result.claims.sid);
  if (!found || found.user.disabled) throw new UnauthorizedError('User not found or disabled');
  if (!found.sessionActive) throw new UnauthorizedError('Session ended; sign in again');
  return buildCaller(found.user, result.claims.sid, new Date(result.claims.exp * 1000));
}

/** Installs the hook on `app` (root level, so it covers every route). */
export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    // Unmatched URLs (404) and public routes need no token.
    if (!request.routeOptions.url || request.routeOptions.config.public) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new UnauthorizedError('Missing Authorization: Bearer access token');
    request.caller = await authenticateToken(match[1], deps);
  });
}
