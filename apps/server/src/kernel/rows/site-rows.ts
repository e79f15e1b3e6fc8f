/**
 * Rows read by the site and network repositories and their mapping to the contract shapes
 * (snake_case columns → the spec's field names). Only repositories and these mappers see rows.
 */
import type { SiteAlarm, SiteEvent } from '@towerwatch/contract';
import { alarmDisplayGroup, eventGroupOf } from '@towerwatch/domain';

export interface SiteRow {
  uid: string;
  name: string;
  company_id: string;
  company_code: string | null;
  user_uid: string | null;
  tenants: string[];
  thana: string | null;
  district: string | null;
  division: string | null;
  lat: number | null;
  lng: number | null;
  meta: Record<string, unknown>;
  rectifier: Record<string, unknown>;
  bms: Record<string, unknown> | null;
  battery_max: number | null;
  device_vendor: string | null;
  more_details: Record<string, unknown>;
  settings: Record<string, unknown>;
  inc: Record<string, unknown>;
  created_at: Date;
  /** Distinct com_ids (devices and pin configs); empty unless asked for. */
  devices: string[] | null;
  /** Some device of the site is online. */
  online: boolean;
}

export interface AlarmRow {
  site_uid: string;
  alarm_id: string;
  tenant: string;
  is_normal: boolean;
  is_available: boolean;
  is_disable: boolean;
  raised_at: Date | null;
  cleared_at: Date | null;
  last_event_at: Date | null;
  acknowledged_by: string | null;
  acknowledged_at: Date | null;
  value: number | null;
}

export interface EventRow {
  id: number;
  site_uid: string;
  name: string;
  tenant: string;
  time: Date;
  value: unknown;
  event_group: string;
  acknowledged_by: string | null;
  /** Display name of the acknowledging user, where the query joins users. */
  acknowledged_by_name?: string | null;
  acknowledged_at: Date | null;
  /** Present once the events table carries it (live contract `active`). */
  active?: boolean | null;
  site_name?: string;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A jsonb event value as the contract's number (a number, or an object's numeric `value`). */
export function eventValue(raw: unknown): number | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (raw && typeof raw === 'object' && 'value' in raw) {
    const v = (raw as { value: unknown }).value;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  return null;
}

export function toSiteAlarm(row: AlarmRow): SiteAlarm {
  return {
    id: row.alarm_id,
    group: alarmDisplayGroup(row.alarm_id),
    tenant: row.tenant === '' ? null : row.tenant,
    isNormal: row.is_normal,
    isAvailable: row.is_available,
    isDisable: row.is_disable,
    lastEvent: iso(row.last_event_at),
    raisedAt: iso(row.raised_at),
    clearedAt: iso(row.cleared_at),
    acknowledgedBy: row.acknowledged_by,
    acknowledgedAt: iso(row.acknowledged_at),
    value: row.value,
  };
}

export function toSiteEvent(row: EventRow): SiteEvent {
  return {
    id: row.id,
    name: row.name,
    time: row.time.toISOString(),
    siteUid: row.site_uid,
    tenant: row.tenant === '' ? null : row.tenant,
    group: row.event_group === 'ACS' ? 'ACS' : row.event_group === 'RMS' ? 'RMS' : eventGroupOf(row.name),
    active: row.active ?? true,
    value: eventValue(row.value),
    acknowledgedBy: row.acknowledged_by,
    acknowledgedByName: row.acknowledged_by ? (row.acknowledged_by_name ?? null) : null,
    acknowledgedAt: iso(row.acknowledged_at),
  };
}
