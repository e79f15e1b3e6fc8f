import type { LiveSiteEvent, SitePinConfig } from '@towerwatch/contract';
import {
  defaultPowerRange,
  dhakaDate,
  routeLiveEvent,
  type SiteModule,
  type ValueColour,
  valueColour,
} from '@towerwatch/domain';

/**
 * Pure logic of the power pages (docs/requirements.md#power-pages): which live events a page takes,
 * the mains phases with their colour thresholds, and the figures the pages show.
 */

/** The open site and focused tenant a page shows. */
export interface PageFocus {
  siteUid: string;
  tenant: string | null;
}

/**
 * Whether a live site event belongs on a module's page (docs/requirements.md#live-routing, rule in
 * the domain): for the open site, routed to that module, and a power event only for the focused
 * tenant. `names` narrows further (the generator page's DG or PG list).
 */
export function isEventForPage(
  event: Pick<LiveSiteEvent, 'name' | 'siteUid' | 'tenant'>,
  module: SiteModule,
  focus: PageFocus,
  names?: readonly string[],
): boolean {
  if (routeLiveEvent(event, { siteUid: focus.siteUid, focusedTenant: focus.tenant }) !== module) return false;
  return !names || names.includes(event.name);
}

/** One mains phase reading with the spec's AC voltage colour. */
export interface PhaseReading {
  phase: 'A' | 'B' | 'C';
  voltage: number | null;
  colour: ValueColour;
  updatedAt: string | null;
}

const forTenant = (pin: SitePinConfig, tenant: string | null) =>
  !pin.tenant || !tenant || pin.tenant === tenant;

/**
 * The mains phases of a site for the focused tenant (pin types main_phase_a/b/c), each coloured by
 * the domain's AC voltage thresholds (docs/requirements.md#colour-thresholds: ≤12 red, ≤180 blue,
 * else green). A phase without a pin is left out.
 */
export function phaseReadings(pins: readonly SitePinConfig[], tenant: string | null): PhaseReading[] {
  return (['a', 'b', 'c'] as const).flatMap((phase) => {
    const pin = pins.find((p) => p.type === `main_phase_${phase}` && forTenant(p, tenant));
    if (!pin) return [];
    const voltage = typeof pin.status === 'number' ? pin.status : null;
    return [
      {
        phase: phase.toUpperCase() as PhaseReading['phase'],
        voltage,
        colour: valueColour('ac_voltage', voltage),
        updatedAt: pin.updated_at ?? null,
      },
    ];
  });
}

/** A pin's reading for the focused tenant, or null (battery terminal, current, DG fuel, temperature…). */
export function pinReading(pins: readonly SitePinConfig[], types: readonly string[], tenant: string | null) {
  for (const type of types) {
    const pin = pins.find((p) => p.type === type && forTenant(p, tenant));
    if (pin && typeof pin.status === 'number') return pin.status;
  }
  return null;
}

/** "3 h 20 m", "45 m"; "—" when unknown. */
export function hoursMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return '—';
  const whole = Math.round(minutes);
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  return h > 0 ? `${h} h ${m} m` : `${m} m`;
}

/** A backup estimate as shown: the figure, and its band "2 h 50 m – 3 h 45 m" when there is one. */
export function backupText(estimate: { minutes: number | null; low?: number | null; high?: number | null }): {
  figure: string;
  band: string | null;
} {
  const figure = hoursMinutes(estimate.minutes);
  const { low, high } = estimate;
  const band =
    estimate.minutes !== null && low !== null && low !== undefined && high !== null && high !== undefined
      ? `${hoursMinutes(low)} – ${hoursMinutes(high)}`
      : null;
  return { figure, band };
}

/** Rounds to `digits` decimals for display ("—" when unknown). */
export function reading(value: number | null | undefined, unit: string, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const factor = 10 ** digits;
  return `${Math.round(value * factor) / factor} ${unit}`.trim();
}

/** A bucket of a series reply (time, min, max, avg) as a chart point. */
export function chartPoints(
  points: readonly { time: string; avg: number; min: number; max: number }[],
): { t: number; avg: number; min: number; max: number }[] {
  return points.map((p) => ({ t: Date.parse(p.time), avg: p.avg, min: p.min, max: p.max }));
}

/** The ranges of the "now" charts: the last 24 hours (default), 7 or 30 days. */
export const SERIES_RANGES = [
  { value: '24', label: '24 hours', hours: 24 },
  { value: '168', label: '7 days', hours: 168 },
  { value: '720', label: '30 days', hours: 720 },
] as const;

/** The range of a "now" chart from its choice ('24' when unknown). */
export function seriesRange(value: string | null): { hours: number } {
  const range = SERIES_RANGES.find((r) => r.value === value) ?? SERIES_RANGES[0];
  return { hours: range.hours };
}

/** Mean of the known values, or null. */
export function meanOf(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
}

/**
 * The spec's default chart range (docs/requirements.md#time-series, rule in the domain: the Dhaka month
 * start to one month later) as inclusive Dhaka dates and its number of days.
 */
export function monthDates(now: Date): { fromDate: string; untilDate: string; days: number } {
  const { from, until } = defaultPowerRange(now);
  return {
    fromDate: dhakaDate(from),
    untilDate: dhakaDate(new Date(until.getTime() - 1)),
    days: Math.round((until.getTime() - from.getTime()) / 86_400_000),
  };
}

/** A generator's state for the page: installed or not, running now, since when. */
export interface GeneratorState {
  installed: boolean;
  running: boolean | null;
  since: string | null;
}

/**
 * Whether a generator (DG or PG) runs now: its alarm (dg_on / pg_on, the interpreted state) when the
 * site has it, else its status pin (1 = running), else the run-hours reply's latest transition.
 */
export function generatorState(input: {
  alarm: { isAvailable: boolean; isNormal: boolean; lastEvent: string | null } | undefined;
  pinStatus: number | null | undefined;
  hasPin: boolean;
  runHours: { running: boolean; runningSince: string | null } | undefined;
}): GeneratorState {
  const { alarm, pinStatus, hasPin, runHours } = input;
  const installed = hasPin || (alarm?.isAvailable ?? false);
  let running: boolean | null = null;
  if (alarm?.isAvailable) running = !alarm.isNormal;
  else if (pinStatus === 0 || pinStatus === 1) running = pinStatus === 1;
  else if (runHours) running = runHours.running;
  const since = running ? (runHours?.running ? runHours.runningSince : (alarm?.lastEvent ?? null)) : null;
  return { installed, running, since };
}

/** The last `count` Dhaka months as choices, this month first (each the spec's month range). */
export function recentMonths(
  count: number,
  now: Date,
): { value: string; label: string; fromDate: string; untilDate: string }[] {
  const months: { value: string; label: string; fromDate: string; untilDate: string }[] = [];
  let at = now;
  for (let i = 0; i < count; i += 1) {
    const month = monthDates(at);
    const [y, m] = month.fromDate.split('-').map(Number) as [number, number];
    const label = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-GB', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    months.push({ value: month.fromDate, label, fromDate: month.fromDate, untilDate: month.untilDate });
    // The day before this month's start is in the previous month.
    at = new Date(Date.parse(`${month.fromDate}T00:00:00+06:00`) - 86_400_000);
  }
  return months;
}
