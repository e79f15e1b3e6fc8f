/**
 * MQTT topic names of the device protocol (docs/device-protocol.md). Every topic lives under
 * `tw/v1/dev/{com_id}/`; build them with these helpers, never with bare strings.
 */

/** Root of every device topic (version 1 of the protocol). */
export const DEVICE_TOPIC_ROOT = 'tw/v1/dev';

/** Topic kinds, i.e. the suffix after `tw/v1/dev/{com_id}/`. */
export const DEVICE_TOPIC_KINDS = ['pins', 'events', 'access', 'oem', 'status', 'cmd', 'cmd/ack'] as const;
/** One topic kind. */
export type DeviceTopicKind = (typeof DEVICE_TOPIC_KINDS)[number];

/** Kinds a device publishes (device → server). */
export const DEVICE_PUBLISH_KINDS = [
  'pins',
  'events',
  'access',
  'oem',
  'status',
  'cmd/ack',
] as const satisfies readonly DeviceTopicKind[];
/** Kinds the server publishes to a device (server → device). */
export const SERVER_PUBLISH_KINDS = ['cmd'] as const satisfies readonly DeviceTopicKind[];

/** QoS used for every device topic (data, status, commands and acks). */
export const DEVICE_QOS = 1;

/**
 * A valid com_id: 1–32 letters, digits, `_` or `-`. It is also the MQTT username, and it can never
 * contain the MQTT wildcards `+`/`#` or a `/`.
 */
export const COM_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** True when `value` is a well-formed com_id. */
export function isValidComId(value: string): boolean {
  return COM_ID_PATTERN.test(value);
}

/** `tw/v1/dev/{comId}/{kind}`. Throws on a malformed com_id so a bad id never reaches the broker. */
export function deviceTopic(comId: string, kind: DeviceTopicKind): string {
  if (!isValidComId(comId)) throw new Error(`invalid com_id for a topic: ${JSON.stringify(comId)}`);
  return `${DEVICE_TOPIC_ROOT}/${comId}/${kind}`;
}

/** Topic builders, one per kind. */
export const deviceTopics = {
  pins: (comId: string) => deviceTopic(comId, 'pins'),
  events: (comId: string) => deviceTopic(comId, 'events'),
  access: (comId: string) => deviceTopic(comId, 'access'),
  oem: (comId: string) => deviceTopic(comId, 'oem'),
  status: (comId: string) => deviceTopic(comId, 'status'),
  cmd: (comId: string) => deviceTopic(comId, 'cmd'),
  cmdAck: (comId: string) => deviceTopic(comId, 'cmd/ack'),
} as const;

/**
 * Subscription filter for one kind across all devices, e.g. `tw/v1/dev/+/pins`.
 * With `shareGroup` it becomes an MQTT 5 / Mosquitto shared subscription
 * (`$share/{group}/tw/v1/dev/+/pins`) so several ingest processes split the load.
 */
export function deviceTopicFilter(kind: DeviceTopicKind, shareGroup?: string): string {
  const filter = `${DEVICE_TOPIC_ROOT}/+/${kind}`;
  return shareGroup ? `$share/${shareGroup}/${filter}` : filter;
}

/** Filters the server ingest subscribes to: every device → server kind. */
export function ingestTopicFilters(shareGroup?: string): string[] {
  return DEVICE_PUBLISH_KINDS.map((kind) => deviceTopicFilter(kind, shareGroup));
}

/** A parsed device topic. */
export interface ParsedDeviceTopic {
  comId: string;
  kind: DeviceTopicKind;
}

/** Parses `tw/v1/dev/{comId}/{kind}`; anything else (other roots, bad com_id, unknown kind) → null. */
export function parseDeviceTopic(topic: string): ParsedDeviceTopic | null {
  const prefix = `${DEVICE_TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return null;
  const rest = topic.slice(prefix.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  const comId = rest.slice(0, slash);
  const kind = rest.slice(slash + 1);
  if (!isValidComId(comId)) return null;
  if (!(DEVICE_TOPIC_KINDS as readonly string[]).includes(kind)) return null;
  return { comId, kind: kind as DeviceTopicKind };
}

/**
 * Broker ACL for a device connected with MQTT username `username` (= its com_id): it may publish
 * only the device → server kinds under its own com_id.
 */
export function deviceMayPublish(username: string, topic: string): boolean {
  const parsed = parseDeviceTopic(topic);
  if (!parsed || parsed.comId !== username) return false;
  return (DEVICE_PUBLISH_KINDS as readonly string[]).includes(parsed.kind);
}

/**
 * Client id suffix allowed after `{com_id}:` (docs/device-protocol.md §1 "Client id"): 1–32 of
 * `A–Z a–z 0–9 _ . -`. The `:` never occurs in a com_id, so one device's client id can never be
 * another device's.
 */
const CLIENT_ID_SUFFIX_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;

/**
 * Broker rule: the MQTT client id of a device signed in as `comId` is `comId` itself or
 * `{comId}:{suffix}` (a second connection of the same device, e.g. a maintenance tool). Any other
 * client id is refused at CONNECT, so a device can never take over another device's session.
 */
export function deviceMayUseClientId(comId: string, clientId: string): boolean {
  if (clientId === comId) return isValidComId(comId);
  return (
    isValidComId(comId) &&
    clientId.length > comId.length + 1 &&
    clientId.startsWith(comId) &&
    clientId.charCodeAt(comId.length) === 58 /* ':' */ &&
    CLIENT_ID_SUFFIX_PATTERN.test(clientId.slice(comId.length + 1))
  );
}

/** A device's client id: its com_id, or `{comId}:{suffix}` for an extra connection. */
export function deviceClientId(comId: string, suffix?: string): string {
  const id = suffix === undefined ? comId : `${comId}:${suffix}`;
  if (!deviceMayUseClientId(comId, id)) throw new Error(`invalid device client id: ${JSON.stringify(id)}`);
  return id;
}

/** Broker ACL: a device may subscribe only to its own command topic (no wildcards). */
export function deviceMaySubscribe(username: string, topicFilter: string): boolean {
  return isValidComId(username) && topicFilter === deviceTopics.cmd(username);
}
