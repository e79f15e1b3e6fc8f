/**
 * Power checks of the alarm engine beyond the pin levels: fuel theft and refill detection
 * (docs/requirements.md#fuel-theft) and a generator running while mains is present
 * (docs/requirements.md#dg-with-mains). Pure: reads the derived conditions and the site state, keeps
 * its own small state in `state.power`, returns what the engine should raise, clear or write.
 */
import {
  classifyFuelChange,
  DEFAULT_FUEL_TANK_LITRES,
  DG_WITH_MAINS_EVENT,
  FUEL_DETECTION,
  smoothedFuelLevel,
} from '@towerwatch/domain';
import type { Condition, Derived } from './derive.ts';
import { pinTableOf } from './pin-table.ts';
import { alarmKey, type EngineSite, type SiteState } from './state.ts';

const MINUTE = 60_000;
/** The DG must run with mains present this long before it is flagged (the DG stops ~2 min after mains returns). */
export const DG_WITH_MAINS_MINUTES = 10;
/** A suspected theft clears by itself after this long without a refill. */
export const THEFT_ALARM_HOURS = 24;

/** What the checks remember per site between inputs (lost on restart: the reference is re-learned). */
export interface PowerCheckState {
  fuel: { at: number; v: number }[];
  reference: { pct: number; at: number; dgRunMs: number } | null;
  lastAt: number | null;
  /** Since when each tenant's generator has run with mains present. */
  withMainsSince: Map<string, number>;
}

export type PowerAction =
  | { kind: 'alarm'; condition: Condition }
  | { kind: 'event'; name: string; tenant: string; value: number; alarmId: string | null };

function powerState(state: SiteState): PowerCheckState {
  const s = state as SiteState & { power?: PowerCheckState };
  s.power ??= { fuel: [], reference: null, lastAt: null, withMainsSince: new Map() };
  return s.power;
}

const raised = (state: SiteState, alarmId: string, tenant: string) =>
  state.alarms.isRaised(alarmKey(alarmId, tenant));

/** Runs both checks for one engine input at `time`; `fuelReadings` are the input's dg_fuel readings. */
export function powerChecks(
  site: EngineSite,
  state: SiteState,
  derived: Derived,
  time: Date,
  fuelReadings: readonly number[],
): PowerAction[] {
  const ps = powerState(state);
  const now = time.getTime();
  const out: PowerAction[] = [];
  let dgRunning = false;
  for (const c of derived.conditions.values()) if (c.alarmId === 'dg_on' && c.active) dgRunning = true;
  if (ps.reference && ps.lastAt !== null && dgRunning && now > ps.lastAt)
    ps.reference.dgRunMs += now - ps.lastAt;
  ps.lastAt = Math.max(ps.lastAt ?? now, now);
  if (fuelReadings.length > 0) fuelCheck(site, state, ps, now, fuelReadings, out);

  const theft = state.alarms.get(alarmKey('fuel_theft_suspected', ''));
  if (
    theft &&
    !theft.isNormal &&
    theft.raisedAt &&
    now - theft.raisedAt.getTime() >= THEFT_ALARM_HOURS * 60 * MINUTE
  )
    out.push({
      kind: 'alarm',
      condition: { alarmId: 'fuel_theft_suspected', tenant: '', active: false, value: null },
    });

  withMainsCheck(state, ps, derived, now, out);
  return out;
}

function fuelCheck(
  site: EngineSite,
  state: SiteState,
  ps: PowerCheckState,
  now: number,
  readings: readonly number[],
  out: PowerAction[],
): void {
  for (const v of readings) ps.fuel.push({ at: now, v });
  ps.fuel = ps.fuel.filter((r) => now - r.at <= FUEL_DETECTION.smoothMinutes * MINUTE);
  const level = smoothedFuelLevel(ps.fuel.map((r) => r.v));
  if (level === null) return;
  if (!ps.reference) {
    ps.reference = { pct: level, at: now, dgRunMs: 0 };
    return;
  }
  const change = classifyFuelChange({
    referencePct: ps.reference.pct,
    levelPct: level,
    dgRunHours: ps.reference.dgRunMs / 3_600_000,
    loadKw: dcLoadKw(site, state),
    tankLitres: site.fuelTankLitres ?? DEFAULT_FUEL_TANK_LITRES,
  });
  if (change?.kind === 'theft') {
    // A second theft while the alarm is up still writes its event (with its litres).
    if (raised(state, 'fuel_theft_suspected', ''))
      out.push({
        kind: 'event',
        name: 'fuel_theft_suspected',
        tenant: '',
        value: change.litres,
        alarmId: 'fuel_theft_suspected',
      });
    else
      out.push({
        kind: 'alarm',
        condition: { alarmId: 'fuel_theft_suspected', tenant: '', active: true, value: change.litres },
      });
  } else if (change?.kind === 'refill') {
    out.push({ kind: 'event', name: 'fuel_refill', tenant: '', value: change.litres, alarmId: null });
    if (raised(state, 'fuel_theft_suspected', ''))
      out.push({
        kind: 'alarm',
        condition: { alarmId: 'fuel_theft_suspected', tenant: '', active: false, value: level },
      });
  }
  if (change || now - ps.reference.at >= FUEL_DETECTION.referenceMinutes * MINUTE)
    ps.reference = { pct: level, at: now, dgRunMs: 0 };
}

/** Total DC load (kW): the sum of the load currents × the lowest DC bus voltage (48 V when unknown). */
function dcLoadKw(site: EngineSite, state: SiteState): number {
  let amps = 0;
  let volts: number | null = null;
  const table = pinTableOf(site, state.pins);
  table.index.pins.forEach((p, i) => {
    const v = table.readValueOfPin(i);
    if (Number.isNaN(v)) return;
    if (p.type === 'battery_current_critical' || p.type === 'battery_current_non_critical')
      amps += Math.abs(v);
    if (p.type === 'battery_terminal' && v >= 0) volts = volts === null ? v : Math.min(volts, v);
  });
  return (amps * (volts ?? 48)) / 1000;
}

/** Per tenant: DG or PG running while mains is present for DG_WITH_MAINS_MINUTES raises dg_with_mains. */
function withMainsCheck(
  state: SiteState,
  ps: PowerCheckState,
  derived: Derived,
  now: number,
  out: PowerAction[],
) {
  const active = (id: string, tenant: string) => derived.conditions.get(alarmKey(id, tenant))?.active;
  const tenants = new Set<string>();
  for (const c of derived.conditions.values()) if (c.alarmId === 'mains_fail') tenants.add(c.tenant);
  for (const tenant of tenants) {
    const generator = active('dg_on', tenant) === true || active('pg_on', tenant) === true;
    const both = generator && active('mains_fail', tenant) === false;
    if (!both) {
      ps.withMainsSince.delete(tenant);
      if (raised(state, DG_WITH_MAINS_EVENT, tenant))
        out.push({ kind: 'alarm', condition: { alarmId: 'dg_with_mains', tenant, active: false, value: 0 } });
      continue;
    }
    const since = ps.withMainsSince.get(tenant) ?? now;
    ps.withMainsSince.set(tenant, since);
    if (now - since >= DG_WITH_MAINS_MINUTES * MINUTE && !raised(state, DG_WITH_MAINS_EVENT, tenant))
      out.push({ kind: 'alarm', condition: { alarmId: 'dg_with_mains', tenant, active: true, value: 1 } });
  }
}

/** The dg_fuel readings of a pins input. */
export function fuelReadingsOf(
  site: EngineSite,
  state: SiteState,
  input: { comId: string; readings: { pin: string; value: number }[] },
): number[] {
  const table = pinTableOf(site, state.pins);
  const out: number[] = [];
  for (const r of input.readings) {
    const slot = table.slot(input.comId, r.pin);
    if (slot >= 0 && table.slotHasType(slot, 'dg_fuel')) out.push(r.value);
  }
  return out;
}
