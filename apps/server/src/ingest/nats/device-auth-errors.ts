/**
 * What nats-server's system account tells about device logins (docs/decisions/nats-device-identity.md):
 * - a refused login: an advisory on `$SYS.SERVER.{id}.CLIENT.AUTH.ERR` (nats-server 2.9.10 events.go
 *   sendAuthErrorEvent), counted in the same counter as the embedded broker's refusals
 *   (broker_auth_failures_total);
 * - an accepted login: an advisory on `$SYS.ACCOUNT.{account}.CONNECT` (events.go accountConnectEvent,
 *   sent from auth.go isClientAuthorized, i.e. for MQTT clients too, before the session is bound) with
 *   the user and the MQTT client id. A device using a client id not its own (docs/device-protocol.md
 *   §1) replaces that session; nats-server 2.9 has no way to refuse it (2.10's auth callout sees the
 *   client id) nor to disconnect one client, so it is counted (broker_client_id_violations_total) and
 *   logged with both identities.
 * The ingest role subscribes as the system account's user (./device-auth.ts) in one queue group, so
 * each advisory is counted once across the worker processes.
 */
import { deviceMayUseClientId } from '@towerwatch/contract';
import { connect, type NatsConnection, type Subscription } from 'nats';
import type { Logger } from 'pino';
import { INTERNAL_MQTT_USERNAME } from '../../broker/embedded-broker.ts';
import { systemNatsCredentials, TOWERWATCH_ACCOUNT } from './device-auth.ts';

/** The refused-login advisory subject of every server of the cluster. */
const AUTH_ERROR_SUBJECT = '$SYS.SERVER.*.CLIENT.AUTH.ERR';

/** The connect advisory subject of the devices' account. */
const CONNECT_SUBJECT = `$SYS.ACCOUNT.${TOWERWATCH_ACCOUNT}.CONNECT`;

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

/** A device signed in as `comId` with the MQTT client id `clientId`, which is not its own. */
export interface ForeignClientId {
  comId: string;
  clientId: string;
  host: string | null;
}

interface Advisory {
  client?: { user?: string; client_type?: string; client_id?: string; host?: string };
}

function advisoryOf(m: { json<T>(): T }): Advisory {
  try {
    return m.json<Advisory>();
  } catch {
    return {};
  }
}

/**
 * The device login of a connect advisory whose client id is not the device's own, or null (a NATS
 * client, a server process, an own client id).
 */
function foreignClientId(advisory: Advisory): ForeignClientId | null {
  const c = advisory.client ?? {};
  if (c.client_type !== 'mqtt' || !c.user || c.user === INTERNAL_MQTT_USERNAME) return null;
  const clientId = c.client_id ?? '';
  if (deviceMayUseClientId(c.user, clientId)) return null;
  return { comId: c.user, clientId, host: c.host ?? null };
}

async function consume(sub: Subscription, each: (a: Advisory) => void): Promise<void> {
  for await (const m of sub) each(advisoryOf(m));
}

/**
 * Subscribes to the advisories above and calls `onRefused` / `onForeignClientId` for each; returns
 * the stop function. A NATS server without the system account user (an anonymous development server)
 * refuses nothing: then this only logs that refusals are not counted.
 */
export async function watchNatsAuthErrors(deps: {
  servers: string[];
  tokenSecret: string;
  log: Pick<Logger, 'info' | 'warn'>;
  onRefused(login: RefusedLogin): void;
  onForeignClientId(login: ForeignClientId): void;
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
  const refused = consume(nc.subscribe(AUTH_ERROR_SUBJECT, { queue: QUEUE }), (advisory) => {
    // Counted even without a readable advisory: the server refused a login.
    const c = advisory.client ?? {};
    const login = { user: c.user ?? null, clientType: c.client_type ?? null, host: c.host ?? null };
    deps.log.warn(login, 'nats: login refused');
    deps.onRefused(login);
  });
  const connects = consume(nc.subscribe(CONNECT_SUBJECT, { queue: QUEUE }), (advisory) => {
    const foreign = foreignClientId(advisory);
    if (!foreign) return;
    deps.log.warn(foreign, 'nats: device signed in with a client id not its own (replaces that session)');
    deps.onForeignClientId(foreign);
  });
  await nc.flush();
  deps.log.info({ subjects: [AUTH_ERROR_SUBJECT, CONNECT_SUBJECT] }, 'nats: counting refused logins');
  return async () => {
    await nc.drain();
    await Promise.all([refused, connects]);
  };
}
