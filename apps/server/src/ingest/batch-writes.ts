/**
 * The rows one ingest batch writes (any number of sites): built job by job (writes.ts), written in
 * one statement (persist.ts), fanned out after the commit (fan-out.ts).
 */
import type { AlarmState } from '../alarms/state.ts';

/** The readings of one `pins` message (migration 0301_telemetry_packed: one telemetry row per message). */
export interface TelemetryRow {
  comId: string;
  ts: Date;
  pinNames: string[];
  values: number[];
}

export interface Reading {
  comId: string;
  pinName: string;
  ts: Date;
  value: number;
}

export interface NewEvent {
  siteUid: string;
  comId: string | null;
  name: string;
  tenant: string;
  time: Date;
  active: boolean;
  value: number | null;
  group: 'RMS' | 'ACS';
  alarmId: string | null;
}

export interface EventRowOut {
  id: number;
  site_uid: string;
  name: string;
  tenant: string;
  time: Date;
  active: boolean;
  value: unknown;
  event_group: 'RMS' | 'ACS';
}

export interface DeviceWrite {
  online: boolean;
  lastSeenAt: Date | null;
  firmware?: string;
  /** What the device reports about itself (status `service`, docs/device-protocol.md §3). */
  service?: Record<string, unknown>;
}

export interface AccessWrite {
  siteUid: string;
  comId: string;
  cardNumber: string;
  granted: boolean;
  door: string | null;
  reason: string | null;
  time: Date;
}

export interface BatchWrites {
  telemetry: TelemetryRow[];
  /** Values read in this batch (telemetry count). */
  values: number;
  /** Latest value per pin, `${comId}/${pinName}` (only readings that moved the state forward). */
  latest: Map<string, Reading>;
  /** `${siteUid}|${alarmKey}` → the alarm's state to upsert. */
  alarms: Map<string, { siteUid: string; alarm: AlarmState }>;
  events: NewEvent[];
  devices: Map<string, DeviceWrite>;
  /** `${siteUid}|${tenant}` → DC load state. */
  dcLoad: Map<string, { siteUid: string; tenant: string; state: string; current: number; at: Date }>;
  access: AccessWrite[];
  oem: { siteUid: string; comId: string; kind: string; time: Date; data: unknown }[];
}

export function emptyWrites(): BatchWrites {
  return {
    telemetry: [],
    values: 0,
    latest: new Map(),
    alarms: new Map(),
    events: [],
    devices: new Map(),
    dcLoad: new Map(),
    access: [],
    oem: [],
  };
}
