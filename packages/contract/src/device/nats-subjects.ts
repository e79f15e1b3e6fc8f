/**
 * How device messages travel through NATS (docs/operations.md "Scale-out with NATS JetStream"):
 * a device publishes MQTT `tw/v1/dev/{com_id}/{kind}` to the NATS server's MQTT listener, which
 * names it `tw.v1.dev.{com_id}.{kind}` (`/` → `.`); the account's subject mapping
 * ({@link natsSubjectMappings}) renames every device → server kind to
 * `twdev.{partition}.{com_id}.{kind}`, partition = FNV-1a 32 of the com_id modulo N (nats-server's
 * `{{partition(N,1)}}`). For QoS 1 the MQTT listener stores the message in its own stream
 * {@link MQTT_MSGS_STREAM} under `$MQTT.msgs.` + the mapped subject and sends the PUBACK only after
 * that store's JetStream acknowledgement (a Raft commit in a cluster); the ingest workers consume that
 * stream (docs/decisions/nats-mqtt-puback-before-stream-store.md). The server → device `cmd` subject
 * is not mapped: a core NATS publish on `tw.v1.dev.{com_id}.cmd` reaches the device's MQTT
 * subscription.
 */
import {
  DEVICE_PUBLISH_KINDS,
  DEVICE_TOPIC_ROOT,
  type DeviceTopicKind,
  isValidComId,
  parseDeviceTopic,
} from './topics.ts';

/** First token of the mapped device subjects. */
const STREAM_ROOT = 'twdev';

/**
 * The stream nats-server's MQTT listener (2.9) stores every QoS 1 message in before its PUBACK:
 * `$MQTT_msgs`, subjects `$MQTT.msgs.>`, interest retention (a message no consumer's filter matches
 * is dropped when stored), in the device account.
 */
export const MQTT_MSGS_STREAM = '$MQTT_msgs';
/** Prefix of the subjects in {@link MQTT_MSGS_STREAM}, before the (mapped) NATS subject. */
const MQTT_MSGS_PREFIX = '$MQTT.msgs.';
/** The subjects of {@link MQTT_MSGS_STREAM}, as the MQTT listener creates it. */
export const MQTT_MSGS_SUBJECTS = [`${MQTT_MSGS_PREFIX}>`];
/** Header the MQTT listener puts on a stored message: the QoS it was published with. */
export const MQTT_QOS_HEADER = 'Nmqtt-Pub';

/** The subject filter of one partition's consumer on {@link MQTT_MSGS_STREAM}. */
export function partitionFilter(partition: number): string {
  return `${MQTT_MSGS_PREFIX}${STREAM_ROOT}.${partition}.>`;
}

/**
 * Where a device message of `topic` is stored in {@link MQTT_MSGS_STREAM}
 * (`$MQTT.msgs.twdev.{p}.{com_id}.{kind…}`), as the MQTT listener stores a QoS 1 publish after the
 * subject mapping: HTTP ingest publishes there. Null for a topic that is not a device → server one.
 */
export function topicToStreamSubject(topic: string, partitions: number): string | null {
  const parsed = parseDeviceTopic(topic);
  if (!parsed || !(DEVICE_PUBLISH_KINDS as readonly string[]).includes(parsed.kind)) return null;
  return `${MQTT_MSGS_PREFIX}${mappedDeviceSubject(parsed.comId, parsed.kind, partitions)}`;
}

/**
 * MQTT topic → NATS subject, as nats-server converts it (`/` → `.`; com_ids have no `.`): a command
 * published on its topic's subject reaches the device's MQTT `cmd` subscription.
 */
export function topicToSubject(topic: string): string {
  return topic.replaceAll('/', '.');
}

/** `$MQTT.msgs.twdev.{p}.{com_id}.{kind…}` → `tw/v1/dev/{com_id}/{kind…}`; null for anything else. */
export function streamSubjectToTopic(subject: string): string | null {
  if (!subject.startsWith(MQTT_MSGS_PREFIX)) return null;
  const tokens = subject.slice(MQTT_MSGS_PREFIX.length).split('.');
  if (tokens.length < 4 || tokens[0] !== STREAM_ROOT) return null;
  return `${DEVICE_TOPIC_ROOT}/${tokens.slice(2).join('/')}`;
}

/** nats-server's `{{partition(n, …)}}`: FNV-1a 32 of the token's bytes modulo n. */
export function partitionOf(comId: string, partitions: number): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(comId)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h % partitions;
}

/**
 * The subject a device's `kind` message is mapped to with `partitions` partitions:
 * `twdev.{partition}.{com_id}.{kind}` (what its NATS publish permission names: device-auth.ts).
 */
export function mappedDeviceSubject(comId: string, kind: DeviceTopicKind, partitions: number): string {
  if (!isValidComId(comId)) throw new Error(`invalid com_id: ${JSON.stringify(comId)}`);
  return `${STREAM_ROOT}.${partitionOf(comId, partitions)}.${comId}.${kind.replaceAll('/', '.')}`;
}

/**
 * The account `mappings` block of the NATS server config (deploy/nats/*.conf, the tests' and benchmarks' private servers): one mapping per
 * device → server kind, so `cmd` stays unmapped.
 */
export function natsSubjectMappings(partitions: number): string {
  const lines = DEVICE_PUBLISH_KINDS.map((kind) => {
    const k = kind.replaceAll('/', '.');
    return `  "tw.v1.dev.*.${k}": "${STREAM_ROOT}.{{partition(${partitions},1)}}.{{wildcard(1)}}.${k}"`;
  });
  return ['mappings = {', ...lines, '}'].join('\n');
}
