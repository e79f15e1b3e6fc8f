/**
 * The embedded MQTT broker (aedes) on 127.0.0.1:MQTT_PORT, used when MQTT_URL is not set.
 * Devices authenticate with username = com_id and password = their secret, checked against
 * devices.secret_hash (scrypt); a device may publish and subscribe only under its own com_id
 * (contract deviceMayPublish / deviceMaySubscribe). The server's own clients use an internal
 * credential derived from the token secret (see {@link internalMqttCredentials}).
 *
 * Ingest runs inside the broker: an authorised device → server message is handed to the ingest
 * pipeline (`onDeviceMessage`) and its QoS 1 PUBACK is sent only after the pipeline committed it.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { deviceMayPublish, deviceMaySubscribe, isValidComId, parseDeviceTopic } from '@towerwatch/contract';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import { verifyPassword } from '../auth/passwords.ts';
import type { Queryable } from '../db/pool.ts';

/** Username of the server's own MQTT clients (ingest, commands, bus). Not a valid com_id. */
export const INTERNAL_MQTT_USERNAME = '$towerwatch';

/** The internal credential: the same in every server process sharing TOKEN_SECRET. */
export function internalMqttCredentials(tokenSecret: string): { username: string; password: string } {
  return {
    username: INTERNAL_MQTT_USERNAME,
    password: createHmac('sha256', tokenSecret).update('towerwatch mqtt internal v1').digest('base64url'),
  };
}

export interface EmbeddedBrokerDeps {
  db: Queryable;
  host?: string;
  /** 0 = a free port (tests). */
  port: number;
  tokenSecret: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /**
   * Device → server messages (ingest topics), handed over once the publish is authorised. The
   * broker answers the publisher (QoS 1 PUBACK) only when `done` is called: the ingest pipeline
   * calls it after the message's batch committed. Without it, the messages only reach subscribers.
   */
  onDeviceMessage?(topic: string, payload: Buffer, done: () => void): void;
  /** Called for every refused publish (forbidden topic) and failed login. */
  onRefused?(what: 'forbidden_topic' | 'auth_failed', topic: string | null, comId: string | null): void;
}

export interface EmbeddedBroker {
  url: string;
  port: number;
  aedes: Aedes;
  close(): Promise<void>;
}

interface Identity {
  internal: boolean;
  comId: string | null;
}

function authError(): AuthenticateError {
  const err = new Error('bad username or password') as AuthenticateError;
  err.returnCode = 4;
  return err;
}

export async function startEmbeddedBroker(deps: EmbeddedBrokerDeps): Promise<EmbeddedBroker> {
  const internal = internalMqttCredentials(deps.tokenSecret);
  const internalDigest = createHash('sha256').update(internal.password).digest();
  const identities = new WeakMap<Client, Identity>();
  /** com_id → SHA-256 of a password that verified against the current secret_hash (saves scrypt on reconnects). */
  const verified = new Map<string, { hash: string; digest: Buffer }>();

  async function checkDevice(comId: string, password: string): Promise<boolean> {
    const { rows } = await deps.db.query<{ secret_hash: string | null }>(
      'select secret_hash from devices where com_id = $1',
      [comId],
    );
    const hash = rows[0]?.secret_hash;
    if (!hash) return false;
    const digest = createHash('sha256').update(password).digest();
    const cached = verified.get(comId);
    if (cached && cached.hash === hash && timingSafeEqual(cached.digest, digest)) return true;
    const ok = await verifyPassword(password, hash);
    if (ok) verified.set(comId, { hash, digest });
    return ok;
  }

  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const pass = password ? password.toString('utf8') : '';
      if (username === internal.username) {
        const ok = timingSafeEqual(createHash('sha256').update(pass).digest(), internalDigest);
        if (!ok) {
          deps.onRefused?.('auth_failed', null, null);
          return done(authError(), null);
        }
        identities.set(client, { internal: true, comId: null });
        return done(null, true);
      }
      if (!username || !isValidComId(username)) {
        deps.onRefused?.('auth_failed', null, null);
        return done(authError(), null);
      }
      checkDevice(username, pass).then(
        (ok) => {
          if (!ok) {
            deps.log.warn({ comId: username }, 'mqtt: device authentication failed');
            deps.onRefused?.('auth_failed', null, username);
            return done(authError(), null);
          }
          identities.set(client, { internal: false, comId: username });
          done(null, true);
        },
        (err: unknown) => {
          deps.log.error({ err, comId: username }, 'mqtt: device authentication error');
          const e = new Error('server unavailable') as AuthenticateError;
          e.returnCode = 3;
          done(e, null);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      const id = client ? identities.get(client) : undefined;
      if (!client || id?.internal || (id?.comId && deviceMayPublish(id.comId, packet.topic))) {
        // aedes writes the PUBACK right after this callback: ingest answers only once committed.
        const kind = deps.onDeviceMessage ? parseDeviceTopic(packet.topic)?.kind : undefined;
        if (client && kind !== undefined && kind !== 'cmd') {
          const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
          deps.onDeviceMessage?.(packet.topic, payload, () => callback(null));
          return;
        }
        return callback(null);
      }
      deps.log.warn(
        { topic: packet.topic, comId: id?.comId ?? null },
        'mqtt: publish refused (forbidden topic)',
      );
      deps.onRefused?.('forbidden_topic', packet.topic, id?.comId ?? null);
      callback(new Error('forbidden topic'));
    },
    authorizeSubscribe(client, sub, callback) {
      const id = identities.get(client);
      if (id?.internal) return callback(null, sub);
      if (id?.comId && deviceMaySubscribe(id.comId, sub.topic)) return callback(null, sub);
      deps.log.warn({ topic: sub.topic, comId: id?.comId ?? null }, 'mqtt: subscribe refused');
      callback(new Error('forbidden subscription'), null);
    },
  });

  const server: Server = createServer(aedes.handle);
  const host = deps.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : deps.port;
  deps.log.info({ host, port }, 'embedded MQTT broker listening');
  return {
    url: `mqtt://${host}:${port}`,
    port,
    aedes,
    async close() {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
