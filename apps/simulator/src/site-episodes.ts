/**
 * Random episodes of a site (load overload/no-load, cooling failure, offline, technician visits,
 * security breach, vibration, motion, card reader fault) and the access timers that end them.
 */
import { PIN_LAYOUT } from '@towerwatch/fleet';
import { dhakaHour, hazard } from './physics.ts';
import { arrivingCard, swipe } from './site-access.ts';
import type { SiteContext, SiteOutput } from './site-state.ts';

const MINUTE = 60_000;

export function advanceEpisodes(ctx: SiteContext, now: number, dt: number, out: SiteOutput[]): void {
  const s = ctx.state;
  const r = ctx.random;
  const hour = dhakaHour(now);

  // DC load per tenant: occasional overload or no-load (equipment down)
  for (const tenant of ctx.site.tenants) {
    const load = s.loads[tenant];
    if (!load) continue;
    if (load.mode !== 'normal' && load.until !== null && now >= load.until) {
      load.mode = 'normal';
      load.until = null;
    } else if (load.mode === 'normal') {
      if (r.chance(hazard(0.004, dt))) {
        load.mode = 'over';
        load.until = now + r.range(20, 90) * MINUTE;
      } else if (r.chance(hazard(0.003, dt))) {
        load.mode = 'none';
        load.until = now + r.range(15, 60) * MINUTE;
      }
    }
  }

  // Shelter cooling failure → rare high temperature
  if (s.coolingFailUntil !== null && now >= s.coolingFailUntil) s.coolingFailUntil = null;
  else if (s.coolingFailUntil === null && r.chance(hazard(0.002, dt))) {
    s.coolingFailUntil = now + r.range(60, 180) * MINUTE;
  }

  // Device offline (power cycle, modem fault)
  if (s.online && r.chance(hazard(0.002, dt))) {
    s.online = false;
    s.offlineUntil = now + r.range(20, 180) * MINUTE;
  }

  if (!ctx.site.has_acs) return;
  // Technician visits, mostly in the daytime; a refuel visit when fuel runs low
  if (s.visitEndsAt === null && !s.breach && !s.doorOpen) {
    const lowFuel = ctx.site.has_dg && s.fuelPct < 15;
    const visitRate = (hour >= 8 && hour < 18 ? 0.06 : 0.01) + (lowFuel ? 0.3 : 0);
    if (r.chance(hazard(visitRate, dt))) {
      // A field engineer arrives and swipes (granted or denied by the access list, with the reason).
      const card = arrivingCard(ctx);
      const swiped = swipe(ctx, card, ctx.wallMs, r.range(10, 60) * MINUTE);
      if (swiped[0]?.kind === 'access' && swiped[0].granted) s.refuelOnVisitEnd = lowFuel;
      out.push(...swiped);
    } else if (r.chance(hazard(0.0015, dt))) {
      out.push(...startBreach(ctx));
    }
  }
  // Vibration and motion
  if (s.vibrationUntil === null) {
    if (r.chance(hazard(0.001, dt))) startVibration(ctx, 'high_vibration', r.range(80, 100), now, out);
    else if (r.chance(hazard(0.004, dt))) startVibration(ctx, 'mild_vibration', r.range(40, 60), now, out);
  }
  if (s.motionUntil === null && s.visitEndsAt === null && r.chance(hazard(0.002, dt))) {
    s.motion = r.range(70, 95);
    s.motionUntil = now + r.range(1, 5) * MINUTE;
    out.push({ kind: 'events', event: 'high_motion', pin: PIN_LAYOUT.motion, value: Math.round(s.motion) });
  }
  // Card reader fault
  if (s.cardReaderFaultUntil === null && r.chance(hazard(0.0005, dt))) {
    s.cardReaderFaultUntil = now + r.range(60, 360) * MINUTE;
    out.push({ kind: 'events', event: 'card_reader_fault' });
  }
}

export function startVibration(
  ctx: SiteContext,
  event: 'high_vibration' | 'mild_vibration',
  level: number,
  now: number,
  out: SiteOutput[],
) {
  const s = ctx.state;
  s.vibration = level;
  s.vibrationEvent = event;
  s.vibrationUntil = now + ctx.random.range(1, 3) * MINUTE;
  out.push({ kind: 'events', event, pin: PIN_LAYOUT.vibration, value: Math.round(level) });
}

export function startVisit(ctx: SiteContext, durationMs: number, refuel: boolean): SiteOutput[] {
  const s = ctx.state;
  const card = ctx.random.pick(ctx.cards);
  s.lockOpen = true;
  s.doorOpen = true;
  s.relockAt = null;
  s.visitEndsAt = s.simMs + durationMs;
  s.refuelOnVisitEnd = refuel;
  s.motion = 60;
  return [{ kind: 'access', card_number: card, granted: true, door: 'door1' }];
}

export function startBreach(ctx: SiteContext): SiteOutput[] {
  const s = ctx.state;
  s.breach = true;
  s.doorOpen = true;
  s.breachDoorCloseAt = s.simMs + ctx.random.range(2, 10) * MINUTE;
  // Nobody clears it from the web in a bare simulation: a technician resets it after 1–3 h.
  s.breachClearAt = s.simMs + ctx.random.range(60, 180) * MINUTE;
  return [{ kind: 'events', event: 'security_breach', pin: PIN_LAYOUT.door }];
}

export function advanceAccess(ctx: SiteContext, now: number, out: SiteOutput[]): void {
  const s = ctx.state;
  if (s.visitEndsAt !== null && now >= s.visitEndsAt) {
    s.doorOpen = false;
    s.lockOpen = false;
    s.visitEndsAt = null;
    s.motion = 2;
    if (s.refuelOnVisitEnd) s.fuelPct = 95;
    s.refuelOnVisitEnd = false;
  }
  if (s.relockAt !== null && now >= s.relockAt) {
    s.relockAt = null;
    if (s.visitEndsAt === null) s.lockOpen = false;
  }
  if (s.breachDoorCloseAt !== null && now >= s.breachDoorCloseAt) {
    s.breachDoorCloseAt = null;
    if (s.visitEndsAt === null) s.doorOpen = false;
  }
  if (s.breach && s.breachClearAt !== null && now >= s.breachClearAt) {
    s.breach = false;
    s.breachClearAt = null;
    out.push({ kind: 'events', event: 'security_breach_cleared' });
  }
  if (s.vibrationUntil !== null && now >= s.vibrationUntil) {
    out.push({
      kind: 'events',
      event: s.vibrationEvent ?? 'mild_vibration',
      pin: PIN_LAYOUT.vibration,
      value: 0,
    });
    s.vibrationUntil = null;
    s.vibrationEvent = null;
    s.vibration = 2;
  }
  if (s.motionUntil !== null && now >= s.motionUntil) {
    out.push({ kind: 'events', event: 'high_motion', pin: PIN_LAYOUT.motion, value: 0 });
    s.motionUntil = null;
    if (s.visitEndsAt === null) s.motion = 2;
  }
  if (s.cardReaderFaultUntil !== null && now >= s.cardReaderFaultUntil) {
    s.cardReaderFaultUntil = null;
    out.push({ kind: 'events', event: 'card_reader_fault', value: 0 });
  }
  if (!s.online && s.offlineUntil !== null && now >= s.offlineUntil) {
    s.online = true;
    s.offlineUntil = null;
  }
}
