/**
 * Ingest counters (docs/device-protocol.md §10): accepted, duplicate and rejected device messages by
 * reason, plus pipeline totals. Each field is a `prom-client` counter in the container's own registry
 * (never the global one: tests build many apps in one process), served as Prometheus text at
 * GET /metrics; the ingest code and tests read and add to the fields as plain numbers.
 */
import { Counter, Registry } from 'prom-client';

/** Why a device message was refused (docs/device-protocol.md §10). */
export type RejectReason =
  | 'too_large'
  | 'invalid_json'
  | 'invalid_payload'
  | 'unknown_device'
  | 'forbidden_topic'
  | 'rate_limited'
  | 'duplicate';

const REJECT_REASONS: readonly RejectReason[] = [
  'too_large',
  'invalid_json',
  'invalid_payload',
  'unknown_device',
  'forbidden_topic',
  'rate_limited',
  'duplicate',
];

/**
 * The counters. Each number field only grows (`+=`): writing it adds the difference to its
 * Prometheus counter; a smaller value throws, as a counter cannot go down.
 */
export interface IngestMetrics {
  received: number;
  accepted: number;
  rejected: Record<RejectReason, number>;
  /** Messages whose processing failed on the server side (database errors); logged. */
  failed: number;
  eventsWritten: number;
  alarmTransitions: number;
  readingsStored: number;
  batches: number;
  commandsSent: number;
  commandAcks: number;
  brokerAuthFailures: number;
  /**
   * Device connections seen with a client id not their own (docs/device-protocol.md §1): on NATS, where
   * nats-server 2.9 cannot refuse them, counted from its connect advisories (the embedded broker refuses
   * them and counts them in brokerAuthFailures).
   */
  clientIdViolations: number;
  /** Devices disconnected by the embedded broker for flooding (docs/device-protocol.md §9). */
  rateLimitDisconnects: number;
  /** The last {@link RECENT_REJECTIONS} refusals (newest last), for the device health screen and tests. */
  recent: { reason: RejectReason; topic: string; comId: string | null; error: string | null }[];
  /**
   * Refusals per device and reason not yet added to the database (device_rejections, the device health
   * screen); flushed by the ingest role (device-rejections.ts).
   */
  byDevice: Map<string, DeviceRejections>;
  /**
   * The registry holding the counters above (one per container), rendered by {@link metricsText}; the
   * metrics route adds the event-loop delay gauges to it (kernel/event-loop-delay.ts).
   */
  readonly registry: Registry;
}

/** Refusals of one device since the last flush, by reason. */
export type DeviceRejections = Map<RejectReason, { count: number; lastAt: Date; lastError: string | null }>;

/** How many refusals {@link IngestMetrics.recent} keeps. */
export const RECENT_REJECTIONS = 200;

type CounterField = Exclude<keyof IngestMetrics, 'rejected' | 'recent' | 'byDevice' | 'registry'>;

/** Metric name and HELP text of each plain counter, in exposition order after the rejections. */
const COUNTERS: readonly [CounterField, string, string][] = [
  ['failed', 'device_messages_failed_total', 'Device messages whose processing failed on the server.'],
  ['eventsWritten', 'ingest_events_written_total', 'Events written by the ingest pipeline.'],
  ['alarmTransitions', 'ingest_alarm_transitions_total', 'Alarm state changes written by ingest.'],
  ['readingsStored', 'ingest_readings_stored_total', 'Readings (values) stored by ingest.'],
  ['batches', 'ingest_batches_total', 'Database write batches of the ingest pipeline.'],
  ['commandsSent', 'device_commands_sent_total', 'Commands published to devices.'],
  ['commandAcks', 'device_command_acks_total', 'Command acknowledgements received from devices.'],
  ['brokerAuthFailures', 'broker_auth_failures_total', 'Refused MQTT broker connections.'],
  [
    'clientIdViolations',
    'broker_client_id_violations_total',
    'Device connections accepted by NATS with a client id not their own.',
  ],
  [
    'rateLimitDisconnects',
    'device_rate_limit_disconnects_total',
    'Devices disconnected by the broker for exceeding the message rate.',
  ],
];

/** A number property backed by a counter: the getter reads, the setter adds the increase. */
function countedProperty(inc: (by: number) => void): PropertyDescriptor {
  let value = 0;
  return {
    enumerable: true,
    get: () => value,
    set: (next: number) => {
      inc(next - value);
      value = next;
    },
  };
}

export function createIngestMetrics(): IngestMetrics {
  const registry = new Registry();
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name, help, labelNames, registers: [registry] });

  const received = counter('device_messages_received_total', 'Device messages received.');
  const accepted = counter('device_messages_accepted_total', 'Device messages accepted.');
  const rejectedCounter = counter('device_messages_rejected_total', 'Device messages refused, by reason.', [
    'reason',
  ]);
  const rejected = {} as Record<RejectReason, number>;
  for (const reason of REJECT_REASONS) {
    // One cached child per reason (no label lookup per message); inc(0) makes the zero line appear.
    const child = rejectedCounter.labels({ reason });
    child.inc(0);
    Object.defineProperty(
      rejected,
      reason,
      countedProperty((by) => child.inc(by)),
    );
  }

  const metrics = { rejected, recent: [], byDevice: new Map(), registry } as unknown as IngestMetrics;
  Object.defineProperty(
    metrics,
    'received',
    countedProperty((by) => received.inc(by)),
  );
  Object.defineProperty(
    metrics,
    'accepted',
    countedProperty((by) => accepted.inc(by)),
  );
  for (const [field, name, help] of COUNTERS) {
    const c = counter(name, help);
    Object.defineProperty(
      metrics,
      field,
      countedProperty((by) => c.inc(by)),
    );
  }
  return metrics;
}

/** Prometheus text exposition of the counters. */
export function metricsText(m: IngestMetrics): Promise<string> {
  return m.registry.metrics();
}

/** The Content-Type of {@link metricsText}. */
export function metricsContentType(m: IngestMetrics): string {
  return m.registry.contentType;
}

/** Every plain counter field of {@link IngestMetrics}. */
const COUNTER_FIELDS: readonly CounterField[] = ['received', 'accepted', ...COUNTERS.map(([field]) => field)];

/**
 * What a thread's metrics gained since the last delta (ingest/thread/): counter increases, the
 * refusals' `recent` entries and per-device counts (both taken out of the thread's metrics).
 */
export interface MetricsDelta {
  counters: Partial<Record<CounterField, number>>;
  rejected: Partial<Record<RejectReason, number>>;
  recent: IngestMetrics['recent'];
  byDevice: [string, [RejectReason, { count: number; lastAt: Date; lastError: string | null }][]][];
}

/** Takes the delta of `m` since `last` (the values at the previous delta, updated here); null when none. */
export function takeMetricsDelta(m: IngestMetrics, last: Map<string, number>): MetricsDelta | null {
  let changed = false;
  const counters: MetricsDelta['counters'] = {};
  for (const field of COUNTER_FIELDS) {
    const d = m[field] - (last.get(field) ?? 0);
    if (d !== 0) {
      counters[field] = d;
      last.set(field, m[field]);
      changed = true;
    }
  }
  const rejected: MetricsDelta['rejected'] = {};
  for (const reason of REJECT_REASONS) {
    const key = `rejected.${reason}`;
    const d = m.rejected[reason] - (last.get(key) ?? 0);
    if (d !== 0) {
      rejected[reason] = d;
      last.set(key, m.rejected[reason]);
      changed = true;
    }
  }
  const recent = m.recent.splice(0, m.recent.length);
  const byDevice = [...m.byDevice].map(
    ([comId, reasons]) => [comId, [...reasons]] as MetricsDelta['byDevice'][0],
  );
  m.byDevice = new Map();
  if (!changed && recent.length === 0 && byDevice.length === 0) return null;
  return { counters, rejected, recent, byDevice };
}

/** Adds a thread's {@link MetricsDelta} to `m`. */
export function applyMetricsDelta(m: IngestMetrics, d: MetricsDelta): void {
  for (const [field, by] of Object.entries(d.counters) as [CounterField, number][]) m[field] += by;
  for (const [reason, by] of Object.entries(d.rejected) as [RejectReason, number][]) m.rejected[reason] += by;
  if (d.recent.length > 0) {
    m.recent.push(...d.recent);
    if (m.recent.length > RECENT_REJECTIONS) m.recent.splice(0, m.recent.length - RECENT_REJECTIONS);
  }
  for (const [comId, reasons] of d.byDevice) {
    let mine = m.byDevice.get(comId);
    if (!mine) {
      mine = new Map();
      m.byDevice.set(comId, mine);
    }
    for (const [reason, r] of reasons) {
      const had = mine.get(reason);
      if (!had) mine.set(reason, { ...r });
      else {
        had.count += r.count;
        if (r.lastAt >= had.lastAt) {
          had.lastAt = r.lastAt;
          had.lastError = r.lastError;
        }
      }
    }
  }
}
