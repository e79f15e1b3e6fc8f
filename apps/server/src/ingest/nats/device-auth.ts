/**
 * Device identity on NATS (docs/decisions/nats-device-identity.md): the nats-server `authorization`
 * users generated from the devices table — one user per device, username = com_id, password = the
 * bcrypt `secret_hash` the embedded broker checks too, so a device signs in alike on both brokers
 * (docs/device-protocol.md §1) — with the device's permissions, plus the server processes' user and
 * the system account's user (auth error advisories, ./device-auth-errors.ts).
 *
 * An MQTT client's publish permissions apply AFTER the account's subject mapping: nats-server 2.9.10
 * maps the topic's subject while parsing the PUBLISH (mqtt.go mqttParsePub, selectMappedSubject),
 * before client.go processInboundClientMsg checks the permissions. So a device may publish exactly
 * `twdev.{its partition}.{com_id}.{kind}` (the mapped subjects, contract nats-subjects.ts), and the
 * user config is generated for one number of partitions. A QoS 1 subscription also subscribes the client to its
 * JetStream consumer's deliver subject `$MQTT.sub.{nuid}` (mqtt.go processJSConsumer); an MQTT client
 * can never subscribe to that prefix itself (mqtt.go processSubs), so allowing it leaks nothing.
 */
import { createHmac } from 'node:crypto';
import {
  DEVICE_PUBLISH_KINDS,
  mappedDeviceSubject,
  deviceTopics,
  natsSubjectMappings,
  topicToSubject,
} from '@towerwatch/contract';
import bcrypt from 'bcryptjs';
import { isBcryptHash } from '../../auth/passwords.ts';
import { INTERNAL_MQTT_USERNAME, internalMqttCredentials } from '../../broker/embedded-broker.ts';
import type { Queryable } from '../../db/pool.ts';

/** Username of the system account's user (the auth error advisories). Not a valid com_id. */
const SYSTEM_NATS_USERNAME = '$towerwatch-sys';

/** The account of the server processes and the devices (stream, MQTT sessions, mappings). */
export const TOWERWATCH_ACCOUNT = 'TW';

/** NATS name of the system account in the generated config. */
const SYSTEM_ACCOUNT = 'SYS';

/** A NATS login as nats.js `connect` takes it. */
export interface NatsCredentials {
  user: string;
  pass: string;
}

/**
 * The server processes' NATS login: the internal MQTT credential of the embedded broker, derived
 * from TOKEN_SECRET, so every process sharing it signs in without a credential of its own.
 */
export function internalNatsCredentials(tokenSecret: string): NatsCredentials {
  const c = internalMqttCredentials(tokenSecret);
  return { user: c.username, pass: c.password };
}

/** The system account's login (auth error advisories), derived from TOKEN_SECRET likewise. */
export function systemNatsCredentials(tokenSecret: string): NatsCredentials {
  return {
    user: SYSTEM_NATS_USERNAME,
    pass: createHmac('sha256', tokenSecret).update('towerwatch nats system v1').digest('base64url'),
  };
}

/**
 * A device's NATS permissions: publish its device → server kinds (as mapped to its partition of
 * `partitions`) and its unmapped status subject (its last will), subscribe its own `cmd`.
 */
export function devicePermissions(
  comId: string,
  partitions: number,
): { publish: string[]; subscribe: string[] } {
  return {
    publish: [
      ...DEVICE_PUBLISH_KINDS.map((kind) => mappedDeviceSubject(comId, kind, partitions)),
      // Its last will, which nats-server publishes unmapped (./will-relay.ts).
      topicToSubject(deviceTopics.status(comId)),
    ],
    subscribe: [topicToSubject(deviceTopics.cmd(comId)), '$MQTT.sub.>'],
  };
}

/** One device's line of the `users` list (com_ids and bcrypt hashes need no escaping). */
function deviceUser(comId: string, secretHash: string, partitions: number): string {
  const p = devicePermissions(comId, partitions);
  const list = (subjects: string[]) => subjects.map((s) => `"${s}"`).join(', ');
  return (
    `    { user: "${comId}", password: "${secretHash}", ` +
    `permissions: { publish: { allow: [${list(p.publish)}] }, subscribe: { allow: [${list(p.subscribe)}] } } }`
  );
}

/** What {@link natsAuthConfig} wrote. */
export interface NatsAuthSummary {
  /** Devices given a NATS user. */
  devices: number;
  /** com_ids left out: no secret, or a secret hashed before bcrypt (a new secret fixes it). */
  skipped: string[];
}

/**
 * The accounts of a nats-server config (`include`d by deploy/nats/nats-cluster.conf): account
 * {@link TOWERWATCH_ACCOUNT} with JetStream, the device subject mapping of `partitions` and the users
 * (the server processes' user without limits, then every device with a bcrypt secret), and the
 * system account with its user. The server and system passwords are bcrypt too.
 *
 * The users live in a named account, not in the global one: with only the global and the system
 * account, nats-server 2.9 adds a no-auth user to the global account (server.go
 * configureAccounts, `sysAccOnlyNoAuthUser`), which would let any client in without credentials.
 */
export async function natsAuthConfig(
  db: Queryable,
  tokenSecret: string,
  partitions: number,
): Promise<{ text: string; summary: NatsAuthSummary }> {
  const { rows } = await db.query<{ com_id: string; secret_hash: string | null }>(
    'select com_id, secret_hash from devices order by com_id',
  );
  const internal = internalNatsCredentials(tokenSecret);
  const system = systemNatsCredentials(tokenSecret);
  const lines = [
    '# Generated by `npm run nats:auth -w @towerwatch/server` from the devices table: do not edit.',
    '# docs/operations.md "Device identity on NATS".',
    'accounts {',
    `  ${TOWERWATCH_ACCOUNT} {`,
    '  jetstream: enabled',
    natsSubjectMappings(partitions),
    '  users = [',
    `    { user: "${INTERNAL_MQTT_USERNAME}", password: "${await bcrypt.hash(internal.pass, 10)}" }`,
  ];
  const skipped: string[] = [];
  for (const r of rows) {
    if (r.secret_hash && isBcryptHash(r.secret_hash))
      lines.push(deviceUser(r.com_id, r.secret_hash, partitions));
    else skipped.push(r.com_id);
  }
  lines.push(
    '  ]',
    '  }',
    `  ${SYSTEM_ACCOUNT} { users = [ { user: "${system.user}", password: "${await bcrypt.hash(system.pass, 10)}" } ] }`,
    '}',
    `system_account: ${SYSTEM_ACCOUNT}`,
    '',
  );
  return { text: lines.join('\n'), summary: { devices: rows.length - skipped.length, skipped } };
}
