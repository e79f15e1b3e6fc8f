/**
 * Counting the logins nats-server refused (docs/decisions/nats-device-identity.md): the server
 * publishes an advisory for each on `$SYS.SERVER.{id}.CLIENT.AUTH.ERR` in its system account
 * (nats-server 2.9.10 events.go sendAuthErrorEvent). The ingest role subscribes as the system
 * account's user (./device-auth.ts) in one queue group, so each refusal is counted once across the
 * worker processes, in the same counter as the embedded broker's refusals (broker_auth_failures_total).
 */
import { connect, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { systemNatsCredentials } from './device-auth.ts';

/** The advisory subject of every server of the cluster. */
const AUTH_ERROR_SUBJECT = '$SYS.SERVER.*.CLIENT.AUTH.ERR';

/** Queue group of the ingest processes: one of them receives each advisory. */
const QUEUE = 'towerwatch-auth-errors';

/** What an advisory tells about the refused client (nats-server ClientInfo, the fields used). */
export interface RefusedLogin {
  /** The username it sent (a device's com_id), if any. */
  user: string | null;
  /** `mqtt` for a device, `nats` for a NATS client. */
  clientType: string | null;
  host: string | null;
}

interface AuthErrorAdvisory {
  client?: { user?: string; client_type?: string; host?: string };
}

/**
 * Subscribes to the auth error advisories and calls `onRefused` for each; returns the stop function.
 * A NATS server without the system account user (an anonymous development server) refuses nothing:
 * then this only logs that refusals are not counted.
 */
export async function watchNatsAuthErrors(deps: {
  servers: string[];
  tokenSecret: string;
  log: Pick<Logger, 'info' | 'warn'>;
  onRefused(login: RefusedLogin): void;
}): Promise<() => Promise<void>> {
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: deps.servers,
      ...systemNatsCredentials(deps.tokenSecret),
      name: 'towerwatch-auth-errors',
      maxReconnectAttempts: -1,
    });
  } catch (err) {
    deps.log.warn({ err }, 'nats: no system account login; refused device logins are not counted');
    return async () => undefined;
  }
  const sub = nc.subscribe(AUTH_ERROR_SUBJECT, { queue: QUEUE });
  const done = (async () => {
    for await (const m of sub) {
      let advisory: AuthErrorAdvisory = {};
      try {
        advisory = m.json<AuthErrorAdvisory>();
      } catch {
        // Counted all the same: the server refused a login.
      }
      const c = advisory.client ?? {};
      const login = { user: c.user ?? null, clientType: c.client_type ?? null, host: c.host ?? null };
      deps.log.warn(login, 'nats: login refused');
      deps.onRefused(login);
    }
  })();
  await nc.flush();
  deps.log.info({ subject: AUTH_ERROR_SUBJECT }, 'nats: counting refused logins');
  return async () => {
    await nc.drain();
    await done;
  };
}
