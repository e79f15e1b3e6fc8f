/**
 * The embedded MQTT broker (aedes) on 127.0.0.1:MQTT_PORT, used when MQTT_URL is not set.
 * Devices authenticate with username = com_id and password = their secret, checked against
 * devices.secret_hash (scrypt); a device may publish and subscribe only under its own com_id
 * (contract deviceMayPublish / deviceMaySubscribe). The server's own clients use an internal
 * credential derived from the token secret (see {@link internalMqttCredentials}).
 *
 * A device's connection is tied to its identity (docs/device-protocol.md §1): the client id must be
 * `{com_id}` or `{com_id}:{suffix}` (contract deviceMayUseClientId) and the last will, if any, must be
 * on its own status topic, else CONNACK "not authorized" — so no device can take over another's
 * session or speak for it when it drops. Each device's messages pass its token bucket
 * (./device-rates.ts): over the rate they are refused (acknowledged, not ingested, counted
 * `rate_limited`); a device that keeps flooding is disconnected and refused for a cool-down.
 *
 * Ingest runs inside the broker: an authorised device → server message is handed to the ingest
 * pipeline (`onDeviceMessage`) and its QoS 1 PUBACK is sent only after the pipeline committed it.
 * The PUBACKs of a batch, settled in one loop, leave each connection in one socket write: aedes
 * writes them with mqtt-packet, which corks the socket until the next tick (puback-writes.test.ts).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import {
  deviceMayPublish,
  deviceMaySubscribe,
  deviceMayUseClientId,
  deviceTopics,
  isValidComId,
  parseDeviceTopic,
} from '@towerwatch/contract';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { Logger } from 'pino';
import { verifyPassword } from '../auth/passwords.ts';
import type { Queryable } from '../db/pool.ts';
import type { DeviceRateEntry, DeviceRates } from './device-rates.ts';

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
  /**
   * The per-device message rate; without it devices are not rate limited (tests of other parts).
   * Shared with nothing else: the buckets are this broker's.
   */
  rates?: DeviceRates;
  /** Called for every refusal: see {@link BrokerRefusal}. */
  onRefused?(what: BrokerRefusal, topic: string | null, comId: string | null): void;
}

/**
 * What the broker refused: a publish to a forbidden topic; a login with bad credentials
 * (`auth_failed`); a device login with a foreign client id or will, or during its cool-down
 * (`not_authorized`); a message over the device's rate (`rate_limited`); a device disconnected for
 * flooding (`rate_limit_disconnect`, after its last refused message was reported as `rate_limited`).
 */
export type BrokerRefusal =
  | 'forbidden_topic'
  | 'auth_failed'
  | 'not_authorized'
  | 'rate_limited'
  | 'rate_limit_disconnect';

export interface EmbeddedBroker {
  url: string;
  port: number;
  aedes: Aedes;
  close(): Promise<void>;
}

interface Identity {
  internal: boolean;
  comId: string | null;
  /** The device's rate bucket (null: internal client, or no rate limit configured). */
  rate: DeviceRateEntry | null;
  /**
   * The last will registered at CONNECT: aedes passes this very object to authorizePublish when the
   * connection drops; it is never rate limited.
   */
  will: Will | null;
  /** Disconnected for flooding: messages still in its last read are refused without counting again. */
  flooded?: boolean;
}

function authError(): AuthenticateError {
  const err = new Error('bad username or password') as AuthenticateError;
  err.returnCode = 4;
  return err;
}

/** A last will as CONNECT carries it. */
interface Will {
  topic: string;
}

function notAuthorized(why: string): AuthenticateError {
  const err = new Error(`not authorized: ${why}`) as AuthenticateError;
  err.returnCode = 5;
  return err;
}

export async function startEmbeddedBroker(deps: EmbeddedBrokerDeps): Promise<EmbeddedBroker> {
  const internal = internalMqttCredentials(deps.tokenSecret);
  const internalDigest = createHash('sha256').update(internal.password).digest();
  const identities = new WeakMap<Client, Identity>();
  /** The last will of each connecting client, from its CONNECT packet (checked in authenticate). */
  const wills = new WeakMap<Client, Will | null>();
  const rates = deps.rates;
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

  /**
   * Why a device that proved its secret may still not connect (null: it may): a client id not its
   * own, a live client of another identity under that id, a will about another topic, a cool-down.
   */
  function deviceRefusal(client: Client, comId: string, will: Will | null): string | null {
    if (!deviceMayUseClientId(comId, client.id)) return 'client id must be the com_id or {com_id}:{suffix}';
    // aedes.clients (connected clients by id) is public in aedes but missing from its typings.
    const holder = (aedes as unknown as { clients: Record<string, Client | undefined> }).clients[client.id];
    if (holder && holder !== client && identities.get(holder)?.comId !== comId)
      return 'client id held by another identity';
    if (will && will.topic !== deviceTopics.status(comId)) return 'last will must be on its own status topic';
    if (rates?.coolingDown(comId)) return 'message rate exceeded; cooling down';
    return null;
  }

  const aedes: Aedes = await Aedes.createBroker({
    preConnect(client, packet, callback) {
      // aedes hands the will to authenticate only as a private field: keep it from the packet.
      wills.set(client, packet.will ?? null);
      callback(null, true);
    },
    authenticate(client, username, password, done) {
      const pass = password ? password.toString('utf8') : '';
      if (username === internal.username) {
        const ok = timingSafeEqual(createHash('sha256').update(pass).digest(), internalDigest);
        if (!ok) {
          deps.onRefused?.('auth_failed', null, null);
          return done(authError(), null);
        }
        identities.set(client, { internal: true, comId: null, rate: null, will: null });
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
          const will = wills.get(client) ?? null;
          const refusal = deviceRefusal(client, username, will);
          if (refusal) {
            deps.log.warn({ comId: username, clientId: client.id, reason: refusal }, 'mqtt: device refused');
            deps.onRefused?.('not_authorized', null, username);
            return done(notAuthorized(refusal), null);
          }
          identities.set(client, {
            internal: false,
            comId: username,
            rate: rates ? rates.entryOf(username) : null,
            will,
          });
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
      const ownTopic = id?.comId ? deviceMayPublish(id.comId, packet.topic) : false;
      // The last will is never rate limited (it is published once, when the connection drops).
      if (ownTopic && id?.rate && (packet as object) !== id.will) {
        const verdict = id.flooded ? 'flooding' : (rates as DeviceRates).admit(id.rate);
        if (verdict !== 'accepted') {
          refuseOverRate(client as Client, id, packet, verdict, callback);
          return;
        }
      }
      if (!client || id?.internal || ownTopic) {
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

  /**
   * A device message over the rate: acknowledged (MQTT 3.1.1 has no refusal) but not ingested,
   * counted; when the device is flooding, its connection is closed (the error makes aedes close it)
   * and it is refused at CONNECT for the cool-down.
   */
  function refuseOverRate(
    client: Client,
    id: Identity,
    packet: PublishPacket,
    verdict: 'throttled' | 'flooding',
    callback: (err: Error | null) => void,
  ): void {
    if (id.flooded) {
      callback(new Error('message rate exceeded'));
      return;
    }
    deps.onRefused?.('rate_limited', packet.topic, id.comId);
    if (verdict === 'throttled') {
      callback(null);
      return;
    }
    id.flooded = true;
    (rates as DeviceRates).startCooldown(id.rate as DeviceRateEntry);
    deps.log.warn({ comId: id.comId, clientId: client.id }, 'mqtt: device flooding; disconnected');
    deps.onRefused?.('rate_limit_disconnect', packet.topic, id.comId);
    callback(new Error('message rate exceeded'));
  }

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
