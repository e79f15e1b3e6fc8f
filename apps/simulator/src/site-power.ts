/** Power behaviour of a site: grid outages, the DG, loads, the battery bank and the shelter climate. */
import {
  BATTERY,
  chargeVoltage,
  clamp01,
  dhakaHour,
  dischargeVoltage,
  outdoorHumidity,
  outdoorTemperature,
} from './physics.ts';
import { dgBurnNow } from './site-fuel.ts';
import { acAvailable, type SiteContext, type SiteOutput, totalLoad } from './site-state.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

export function startOutage(ctx: SiteContext, durationMs: number): void {
  const s = ctx.state;
  s.mainsOn = false;
  s.outageEndsAt = s.simMs + durationMs;
  if (ctx.site.has_dg && (s.dg === 'off' || s.dg === 'cooldown')) {
    s.dg = s.dg === 'cooldown' ? 'on' : 'waiting';
    s.dgActionAt = s.dg === 'waiting' ? s.simMs + ctx.random.range(3, 8) * MINUTE : null;
    s.dgAttempts = 0;
  }
}

export function restoreMains(ctx: SiteContext): void {
  const s = ctx.state;
  s.mainsOn = true;
  s.outageEndsAt = null;
  if (s.dg === 'on') {
    s.dg = 'cooldown';
    // Now and then the transfer switch keeps the DG running on a live grid (flagged dg_with_mains).
    const fr = ctx.fuelRandom ?? ctx.random;
    s.dgActionAt = s.simMs + (fr.chance(0.03) ? fr.range(20, 60) : 2) * MINUTE;
  } else if (s.dg === 'waiting' || s.dg === 'failed') {
    s.dg = 'off';
    s.dgActionAt = null;
  }
  s.pgOn = false;
  s.pgStartAt = null;
}

export function advanceDg(ctx: SiteContext, now: number, dt: number, out: SiteOutput[]): void {
  const s = ctx.state;
  if (s.dg === 'waiting' && s.dgActionAt !== null && now >= s.dgActionAt) {
    s.dgAttempts += 1;
    if (s.fuelPct <= 2 || ctx.random.chance(ctx.behaviour.dgStartFailProbability)) {
      if (!s.dgStartFailActive) out.push({ kind: 'events', event: 'dg_start_fail' });
      s.dgStartFailActive = true;
      if (s.dgAttempts < 3 && s.fuelPct > 2) s.dgActionAt = now + 10 * MINUTE;
      else {
        s.dg = 'failed';
        s.dgActionAt = null;
      }
    } else {
      s.dg = 'on';
      s.dgActionAt = null;
    }
  }
  if (s.dgStartFailActive && (s.dg === 'on' || s.mainsOn)) {
    s.dgStartFailActive = false;
    out.push({ kind: 'events', event: 'dg_start_fail', value: 0 });
  }
  if (s.dg === 'cooldown' && s.dgActionAt !== null && now >= s.dgActionAt) {
    s.dg = 'off';
    s.dgActionAt = null;
  }
  if (s.dg === 'on' || s.dg === 'cooldown') {
    // The domain's burn at the present DC load (idle + per kWh), in WALL time: the server's theft check
    // knows only message times, so an accelerated burn would look like siphoning (docs/requirements.md#fuel-theft).
    const tank = ctx.site.power.dg_tank_litres ?? 150;
    const wallDt = dt / (ctx.rate ?? 1);
    s.fuelPct = Math.max(0, s.fuelPct - ((dgBurnNow(ctx) * wallDt) / HOUR / tank) * 100);
    if (s.fuelPct <= 0) {
      s.dg = 'failed';
      s.dgActionAt = null;
    }
  }
}

/** Loads, battery and mains phase voltages for the current state; `dt` = 0 only re-derives. */
export function updateElectrical(ctx: SiteContext, dt: number): void {
  const s = ctx.state;
  const r = ctx.random;
  const hour = dhakaHour(s.simMs);
  const traffic = 1 + 0.1 * Math.sin(((hour - 14) / 24) * 2 * Math.PI);
  const ac = acAvailable(s);
  for (const tenant of ctx.site.tenants) {
    const load = s.loads[tenant];
    const nominal = ctx.site.power.nominal_load_a[tenant] ?? 20;
    if (!load) continue;
    let amps = nominal * traffic * (1 + r.normal(0, 0.02));
    if (load.mode === 'over') amps = Math.max(nominal * 1.7, 65) * (1 + r.normal(0, 0.02));
    if (load.mode === 'none' || s.siteDown) amps = 0;
    load.critical = amps * 0.7;
    // LLVD sheds non-critical loads when the bank runs low without AC
    load.nonCritical = !ac && s.batteryV <= BATTERY.llvdV ? 0 : amps * 0.3;
  }
  const load = totalLoad(s);
  const dtHours = dt / HOUR;
  const capacity = ctx.site.battery_max * s.batteryHealth;
  if (ac) {
    s.soc = clamp01(s.soc + BATTERY.chargeRate * dtHours);
    // the rectifier reconnects the battery and loads as soon as AC is back
    s.siteDown = false;
    s.batteryV = chargeVoltage(s.soc) + r.normal(0, 0.02);
  } else if (s.siteDown) {
    s.batteryV = dischargeVoltage(s.soc, 0, capacity) + r.normal(0, 0.02);
  } else {
    // An aged bank holds less: it drains faster, and every cycle ages it a little more.
    s.soc = clamp01(s.soc - (load * dtHours) / capacity);
    s.batteryHealth = Math.max(0.3, s.batteryHealth - ((load * dtHours) / capacity) * 0.002);
    s.batteryV = dischargeVoltage(s.soc, load, capacity) + r.normal(0, 0.02);
    if (s.batteryV <= BATTERY.blvdV) {
      s.siteDown = true;
      for (const tenantLoad of Object.values(s.loads)) {
        if (tenantLoad) {
          tenantLoad.critical = 0;
          tenantLoad.nonCritical = 0;
        }
      }
    }
  }
  const phase = () => (s.mainsOn ? 230 + r.normal(0, 4) : 0);
  s.phases = [phase(), phase(), phase()];
}

export function advanceClimate(ctx: SiteContext, now: number, dt: number): void {
  const s = ctx.state;
  const cooling = acAvailable(s) && s.coolingFailUntil === null;
  const target = outdoorTemperature(now) + (cooling ? 2 : 8) + (s.coolingFailUntil !== null ? 8 : 0);
  const k = 1 - Math.exp(-dt / (40 * MINUTE));
  s.temperatureC += (target - s.temperatureC) * k + ctx.random.normal(0, 0.05);
  const rhTarget = outdoorHumidity(now) - (cooling ? 12 : 3);
  s.humidity += (rhTarget - s.humidity) * k;
}
