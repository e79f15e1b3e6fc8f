/**
 * Ingest counters (docs/device-protocol.md §10): accepted, duplicate and rejected device messages by
 * reason, plus pipeline totals. Exposed as Prometheus text at GET /metrics and as JSON in tests.
 */

/** Why a device message was refused (docs/device-protocol.md §10). */
export type RejectReason =
  | 'too_large'
  | 'invalid_json'
  | 'invalid_payload'
  | 'unknown_device'
  | 'forbidden_topic'
  | 'duplicate';

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
  /** The last {@link RECENT_REJECTIONS} refusals (newest last), for the device health screen and tests. */
  recent: { reason: RejectReason; topic: string; comId: string | null; error: string | null }[];
}

/** How many refusals {@link IngestMetrics.recent} keeps. */
export const RECENT_REJECTIONS = 200;

export function createIngestMetrics(): IngestMetrics {
  return {
    received: 0,
    accepted: 0,
    rejected: {
      too_large: 0,
      invalid_json: 0,
      invalid_payload: 0,
      unknown_device: 0,
      forbidden_topic: 0,
      duplicate: 0,
    },
    failed: 0,
    eventsWritten: 0,
    alarmTransitions: 0,
    readingsStored: 0,
    batches: 0,
    commandsSent: 0,
    commandAcks: 0,
    brokerAuthFailures: 0,
    recent: [],
  };
}

/** Prometheus text exposition of the counters. */
export function metricsText(m: IngestMetrics): string {
  const lines = [
    '# TYPE device_messages_received_total counter',
    `device_messages_received_total ${m.received}`,
    '# TYPE device_messages_accepted_total counter',
    `device_messages_accepted_total ${m.accepted}`,
    '# TYPE device_messages_rejected_total counter',
    ...Object.entries(m.rejected).map(([r, n]) => `device_messages_rejected_total{reason="${r}"} ${n}`),
    '# TYPE device_messages_failed_total counter',
    `device_messages_failed_total ${m.failed}`,
    '# TYPE ingest_events_written_total counter',
    `ingest_events_written_total ${m.eventsWritten}`,
    '# TYPE ingest_alarm_transitions_total counter',
    `ingest_alarm_transitions_total ${m.alarmTransitions}`,
    '# TYPE ingest_readings_stored_total counter',
    `ingest_readings_stored_total ${m.readingsStored}`,
    '# TYPE ingest_batches_total counter',
    `ingest_batches_total ${m.batches}`,
    '# TYPE device_commands_sent_total counter',
    `device_commands_sent_total ${m.commandsSent}`,
    '# TYPE device_command_acks_total counter',
    `device_command_acks_total ${m.commandAcks}`,
    '# TYPE broker_auth_failures_total counter',
    `broker_auth_failures_total ${m.brokerAuthFailures}`,
  ];
  return `${lines.join('\n')}\n`;
}
