/**
 * How device messages travel through NATS (docs/operations.md "Scale-out with NATS JetStream"):
 * a device publishes MQTT `tw/v1/dev/{com_id}/{kind}` to the NATS server's MQTT listener, which
 * names it `tw.v1.dev.{com_id}.{kind}` (`/` → `.`); the account's subject mapping
 * ({@link natsSubjectMappings}) renames every device → server kind to
 * `twdev.{partition}.{com_id}.{kind}`, partition = FNV-1a 32 of the com_id modulo N (nats-server's
 * `{{partition(N,1)}}`), and the stream {@link STREAM_SUBJECTS} keeps them. The server → device
 * `cmd` subject is not mapped: a core NATS publish on `tw.v1.dev.{com_id}.cmd` reaches the device's
 * MQTT subscription.
 */
import { DEVICE_PUBLISH_KINDS, DEVICE_TOPIC_ROOT, type DeviceTopicKind, isValidComId } from './topics.ts';

/** First token of the stream's subjects. */
const STREAM_ROOT = 'twdev';

/** The subjects the device stream captures. */
export const STREAM_SUBJECTS = [`${STREAM_ROOT}.>`];

/** The subject filter of one partition's consumer. */
export function partitionFilter(partition: number): string {
  return `${STREAM_ROOT}.${partition}.>`;
}

/**
 * MQTT topic → NATS subject, as nats-server converts it (`/` → `.`; com_ids have no `.`): a command
 * published on its topic's subject reaches the device's MQTT `cmd` subscription.
 */
export function topicToSubject(topic: string): string {
  return topic.replaceAll('/', '.');
}

/** `twdev.{p}.{com_id}.{kind…}` → `tw/v1/dev/{com_id}/{kind…}`; null for anything else. */
export function streamSubjectToTopic(subject: string): string | null {
  const tokens = subject.split('.');
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
 * The stream subject a device's `kind` message is mapped to with `partitions` partitions:
 * `twdev.{partition}.{com_id}.{kind}` (what its NATS publish permission names: device-auth.ts).
 */
export function deviceStreamSubject(comId: string, kind: DeviceTopicKind, partitions: number): string {
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
