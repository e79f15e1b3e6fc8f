/**
 * DG fuel beyond the burn (docs/requirements.md#fuel-theft): theft episodes on a few sites a day,
 * tanker refills of sites without technician visits, and the fuel sensor's noise. Uses the site's own
 * fuel random stream, so the other behaviours keep their sequences.
 */
import { dgBurnLitresPerHour } from '@towerwatch/domain';
import { dhakaHour, hazard } from './physics.ts';
import type { SiteContext } from './site-state.ts';
import { totalLoad } from './site-state.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Thefts per DG site and simulated hour: about one site in ten a day, three times likelier at night. */
export const THEFT_RATE_PER_HOUR = 0.004;

/** Litres per hour the site's DG burns now (the domain's consumption at the DC load, 48 V nominal). */
export function dgBurnNow(ctx: SiteContext): number {
  const volts = Math.max(ctx.state.batteryV, 48);
  return dgBurnLitresPerHour((totalLoad(ctx.state) * volts) / 1000);
}

export function advanceFuel(ctx: SiteContext, now: number, dt: number): void {
  const s = ctx.state;
  const r = ctx.fuelRandom ?? ctx.random;
  if (!ctx.site.has_dg) return;
  const night = dhakaHour(now) < 5 || dhakaHour(now) >= 22;
  if (s.theftUntil === null && s.dg === 'off' && s.fuelPct > 30) {
    if (r.chance(hazard(THEFT_RATE_PER_HOUR * (night ? 3 : 1), dt)))
      startTheft(ctx, r.range(12, 30), r.range(5, 15));
  }
  if (s.theftUntil !== null) {
    s.fuelPct = Math.max(0, s.fuelPct - (s.theftPctPerMinute * dt) / MINUTE);
    if (now >= s.theftUntil) s.theftUntil = null;
  }
  // Sites without technician visits are refilled by a tanker a few hours after running low.
  if (!ctx.site.has_acs && s.refillAt === null && s.fuelPct < 20) s.refillAt = now + r.range(2, 8) * HOUR;
  if (s.refillAt !== null && now >= s.refillAt) {
    s.fuelPct = r.range(90, 98);
    s.refillAt = null;
  }
  s.fuelSensorPct = Math.min(100, Math.max(0, s.fuelPct + r.normal(0, 0.5)));
}

/** Starts siphoning `pct` % of the tank over `minutes` (simulated). */
export function startTheft(ctx: SiteContext, pct: number, minutes: number): void {
  const s = ctx.state;
  s.theftUntil = s.simMs + minutes * MINUTE;
  s.theftPctPerMinute = pct / minutes;
}
