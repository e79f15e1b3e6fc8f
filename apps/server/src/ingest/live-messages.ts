/**
 * Live messages produced by ingest (contract live.ts), with the audience the hub checks.
 */
import { LIVE_EVENTS, type LiveAlarm, liveMessage } from '@towerwatch/contract';
import { alarmDisplayGroup, stateOfCharge } from '@towerwatch/domain';
import type { PinUpdate } from '../alarms/engine.ts';
import { pinTableOf } from '../alarms/pin-table.ts';
import { type EngineSite, pinKey, type SiteState } from '../alarms/state.ts';
import type { LiveEnvelope } from '../bus/bus.ts';
import type { EventRowOut } from './batch-writes.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** SITE_EVENT for an inserted event row. */
export function siteEventEnvelope(site: EngineSite, row: EventRowOut): LiveEnvelope {
  const tenant = row.tenant === '' ? null : row.tenant;
  return {
    audience: { companyId: site.companyId, siteUid: row.site_uid, tenant, kind: row.name },
    message: liveMessage(LIVE_EVENTS.SITE_EVENT, {
      id: row.id,
      name: row.name,
      time: row.time.toISOString(),
      siteUid: row.site_uid,
      tenant,
      group: row.event_group,
      active: row.active,
      value: typeof row.value === 'number' ? row.value : null,
      acknowledgedBy: null,
      acknowledgedAt: null,
    }),
  };
}

/** The site's alarms as in the contract (the hub filters them per socket by tenant). */
export function liveAlarms(state: SiteState): LiveAlarm[] {
  return [...state.alarms.values()].map((a) => ({
    id: a.alarmId,
    group: alarmDisplayGroup(a.alarmId),
    tenant: a.tenant === '' ? null : a.tenant,
    isNormal: a.isNormal,
    isAvailable: a.isAvailable,
    isDisable: a.isDisable,
    lastEvent: iso(a.lastEventAt),
    raisedAt: iso(a.raisedAt),
    clearedAt: iso(a.clearedAt),
    acknowledgedBy: a.acknowledgedBy,
    acknowledgedAt: iso(a.acknowledgedAt),
    value: a.value,
  }));
}

/** SITE_STATUS_UPDATED: the site's alarms and DC load, replaced on the client. */
export function siteStatusEnvelope(site: EngineSite, state: SiteState): LiveEnvelope {
  return {
    audience: { companyId: site.companyId, siteUid: site.siteUid, tenant: null },
    message: liveMessage(LIVE_EVENTS.SITE_STATUS_UPDATED, {
      siteUid: site.siteUid,
      alarms: liveAlarms(state),
      dcLoad: [...state.dcLoad].map(([tenant, value]) => ({ tenant, value })),
    }),
  };
}

/** Pin-update messages for the sockets whose session is on the site (docs/requirements.md#pin-updates). */
export function pinUpdateEnvelopes(site: EngineSite, state: SiteState, updates: PinUpdate[]): LiveEnvelope[] {
  const out: LiveEnvelope[] = [];
  let climate = false;
  for (const u of updates) {
    for (const c of u.configs) {
      const base = {
        siteUid: site.siteUid,
        comId: u.comId,
        pinName: u.pinName,
        tenant: c.tenant,
        time: u.time.toISOString(),
      };
      const audience = { companyId: site.companyId, siteUid: site.siteUid, tenant: c.tenant, focus: true };
      switch (c.type) {
        case 'main_phase_a':
        case 'main_phase_b':
        case 'main_phase_c':
          out.push({
            audience,
            message: liveMessage(LIVE_EVENTS.MAIN_PHASE_VOLTAGE, {
              ...base,
              phase: c.type.slice(-1) as 'a' | 'b' | 'c',
              voltage: u.value,
            }),
          });
          break;
        case 'dg_status':
          out.push({ audience, message: liveMessage(LIVE_EVENTS.DG_STATUS, { ...base, status: u.value }) });
          break;
        case 'pg_status':
          out.push({ audience, message: liveMessage(LIVE_EVENTS.PG_STATUS, { ...base, status: u.value }) });
          break;
        case 'access_control':
          out.push({
            audience,
            message: liveMessage(LIVE_EVENTS.ACCESS_STATUS, {
              ...base,
              priority: (c.priority as 'door' | 'lock' | 'primary' | null) ?? null,
              status: u.value,
            }),
          });
          break;
        case 'battery_terminal':
          out.push({
            audience,
            message: liveMessage(LIVE_EVENTS.BATTERY_TERMINAL_VOLTAGE, { ...base, voltage: u.value }),
          });
          break;
        case 'battery_current_critical':
        case 'battery_current_non_critical':
          out.push({
            audience,
            message: liveMessage(LIVE_EVENTS.BATTERY_CURRENT, { ...base, ampere: u.value }),
          });
          break;
        case 'temperature':
        case 'humidity':
          climate = true;
          break;
      }
    }
  }
  const battery = updates.some((u) => u.configs.some((c) => BATTERY_TYPES.has(c.type)));
  const last = updates[updates.length - 1];
  if (battery && last) {
    out.push({
      audience: { companyId: site.companyId, siteUid: site.siteUid, tenant: null, focus: true },
      message: liveMessage(LIVE_EVENTS.BATTERY_BACKUP_TIME_LEFT, {
        siteUid: site.siteUid,
        tenant: null,
        ...backupEstimate(site, state),
        time: last.time.toISOString(),
      }),
    });
  }
  if (climate) {
    const latest = (type: string) => {
      const pin = site.pins.find((p) => p.type === type);
      return pin ? (state.pins.get(pinKey(pin.comId, pin.pinName))?.value ?? null) : null;
    };
    const time = updates[updates.length - 1]?.time ?? new Date();
    out.push({
      audience: { companyId: site.companyId, siteUid: site.siteUid, tenant: null, focus: true },
      message: liveMessage(LIVE_EVENTS.SITE_TEMPERATURE_HUMIDITY, {
        siteUid: site.siteUid,
        temperature: latest('temperature'),
        humidity: latest('humidity'),
        time: time.toISOString(),
      }),
    });
  }
  return out;
}

const BATTERY_TYPES = new Set([
  'battery_terminal',
  'battery_current_critical',
  'battery_current_non_critical',
]);

/**
 * Backup time left (decision; the spec gives no formula): remaining charge = battery_max (Ah) × state
 * of charge, the state of charge read linearly from the lowest DC bus voltage between the site's
 * critical threshold (0 %) and 51 V (100 %); minutes = remaining ÷ total DC load current (all tenants).
 * Null when the capacity, voltage or a load above 0.5 A is unknown.
 */
export function backupEstimate(
  site: EngineSite,
  state: SiteState,
): { minutes: number | null; maximum: number | null; remaining: number | null } {
  const maximum = site.batteryMax ?? null;
  let volts: number | null = null;
  let amps = 0;
  const table = pinTableOf(site, state.pins);
  table.index.pins.forEach((p, i) => {
    const v = table.readValueOfPin(i);
    if (Number.isNaN(v)) return;
    if (p.type === 'battery_terminal' && v >= 0) volts = volts === null ? v : Math.min(volts, v);
    if (p.type === 'battery_current_critical' || p.type === 'battery_current_non_critical')
      amps += Math.abs(v);
  });
  if (maximum === null || volts === null) return { minutes: null, maximum, remaining: null };
  // One home for the state-of-charge rule: the domain's (docs/requirements.md#backup-estimate).
  const soc = stateOfCharge(volts, site.settings.thresholds.dcCriticalVoltage);
  const remaining = Math.round(maximum * soc * 10) / 10;
  const minutes = amps > 0.5 ? Math.round((remaining / amps) * 60) : null;
  return { minutes, maximum, remaining };
}
