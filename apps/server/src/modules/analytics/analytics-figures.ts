/**
 * From the repository's per-site rows to the reports' figures (docs/requirements.md#analytics), with
 * the domain's rules: availability (the one formula), fuel burn and cost, backup time, completeness.
 * Minutes and hours are rounded to 0.01 at the end only; totals add the unrounded values.
 */
import type {
  BatteryReportRow,
  DgFigures,
  MainsFiguresReply,
  TemperatureReportRow,
} from '@towerwatch/contract';
import {
  backupHours,
  completenessPercent,
  dgFuelLitres,
  fuelCost,
  mainsFigures,
  perMonth,
  reportedTime,
  stateOfCharge,
} from '@towerwatch/domain';
import { parseSiteAlarmSettings } from '../../alarms/settings.ts';
import type {
  BatteryRow,
  DgRow,
  MainsDayPiece,
  MainsRow,
  SiteBaseRow,
  TemperatureRow,
} from './analytics.repository.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
export const r2 = (v: number) => Math.round(v * 100) / 100;
const minutes = (ms: number) => ms / MINUTE_MS;

/** Gap minutes and completeness of a site (or of the fleet: summed gaps over sites × elapsed). */
export function completenessOf(gapMs: number, elapsedMs: number) {
  return {
    gapMinutes: r2(minutes(gapMs)),
    completenessPct: completenessPercent(minutes(gapMs), minutes(elapsedMs)),
  };
}

/**
 * Time an event was active while the device reported: a run or an outage inside a device-offline
 * gap is unknown and counts in neither (the gap is reported instead; docs/requirements.md#down-offline-rule).
 */
const reportedMs = (s: { ms: number; gapMs: number }) => reportedTime(s.ms, s.gapMs);

export function dgFiguresOf(r: DgRow, elapsedMs: number, price: number): DgFigures {
  const dgRunHours = r2(reportedMs(r.dg) / HOUR_MS);
  const fuelLitres = dgFuelLitres(dgRunHours, r.loadKw);
  return {
    dgRunHours,
    dgStarts: r.dg.starts,
    pgRunHours: r2(reportedMs(r.pg) / HOUR_MS),
    pgStarts: r.pg.starts,
    meanLoadKw: r.loadKw === null ? null : Math.round(r.loadKw * 1000) / 1000,
    fuelLitres,
    cost: fuelCost(fuelLitres, price),
    ...completenessOf(r.gapMs, elapsedMs),
  };
}

export function mainsFiguresOf(r: MainsRow, elapsedMs: number): MainsFiguresReply {
  return mainsTotalsOf([{ outMs: reportedMs(r.out), count: r.out.starts, gapMs: r.gapMs }], elapsedMs);
}

/** Mains figures of one or more sites: outage and gap ms added, possible = sites × elapsed − gaps. */
export function mainsTotalsOf(
  sites: readonly { outMs: number; count: number; gapMs: number }[],
  elapsedMs: number,
): MainsFiguresReply {
  return mainsTotalsOfSums(
    {
      outMs: sites.reduce((s, x) => s + x.outMs, 0),
      gapMs: sites.reduce((s, x) => s + x.gapMs, 0),
      count: sites.reduce((s, x) => s + x.count, 0),
    },
    sites.length,
    elapsedMs,
  );
}

/** {@link mainsTotalsOf} from the sums of `n` sites' inputs (a report adding sites as it reads them). */
export function mainsTotalsOfSums(
  sums: { outMs: number; count: number; gapMs: number },
  n: number,
  elapsedMs: number,
): MainsFiguresReply {
  const { outMs, gapMs } = sums;
  const elapsed = elapsedMs * n;
  const m = mainsFigures({
    elapsedMinutes: minutes(elapsed),
    gapMinutes: minutes(gapMs),
    outageMinutes: minutes(outMs),
  });
  return {
    elapsedMinutes: r2(minutes(elapsed)),
    possibleMinutes: r2(m.possibleMinutes),
    outageMinutes: r2(minutes(outMs)),
    outageCount: sums.count,
    availabilityPct: m.availabilityPct,
    mainsHoursPerDay: m.mainsHoursPerDay,
    ...completenessOf(gapMs, elapsed),
  };
}

/** The mains inputs of a row for {@link mainsTotalsOf}. */
export const mainsInput = (r: MainsRow) => ({
  outMs: reportedMs(r.out),
  count: r.out.starts,
  gapMs: r.gapMs,
});

export function batteryPeriodOf(r: BatteryRow, elapsedMs: number) {
  return {
    onBatteryMinutes: r2(minutes(reportedMs(r.bat))),
    discharges: r.bat.starts,
    deepDischargeReadings: r.deep,
    ...completenessOf(r.gapMs, elapsedMs),
  };
}

export function batteryRowOf(
  r: BatteryRow,
  elapsedMs: number,
): Omit<BatteryReportRow, 'previous' | 'siteUid' | 'siteName' | 'tenants'> {
  const emptyVolts = parseSiteAlarmSettings(r.settings).thresholds.dcCriticalVoltage;
  const volts = r.volts === null ? null : r2(r.volts);
  const soc = volts === null ? null : stateOfCharge(volts, emptyVolts);
  return {
    ...batteryPeriodOf(r, elapsedMs),
    capacityAh: r.capacityAh,
    volts,
    stateOfChargePct: soc === null ? null : Math.round(soc * 1000) / 10,
    meanLoadAmps: r.meanAmps === null ? null : r2(r.meanAmps),
    backupHours: backupHours({ capacityAh: r.capacityAh, volts, meanLoadAmps: r.meanAmps, emptyVolts }),
    soh: r.soh === null ? null : r2(r.soh),
  };
}

export function temperatureFiguresOf(r: TemperatureRow, elapsedMs: number) {
  return {
    maxC: r.maxC === null ? null : Math.round(r.maxC * 10) / 10,
    meanC: r.meanC === null ? null : Math.round(r.meanC * 10) / 10,
    minutesAbove: r2(minutes(reportedMs(r.hot))),
    episodes: r.hot.starts,
    episodesPerMonth: perMonth(r.hot.starts, minutes(elapsedMs)),
    ...completenessOf(r.gapMs, elapsedMs),
  };
}

/** The site's high-temperature threshold (°C, its settings or the default). */
export function thresholdOf(r: TemperatureRow): TemperatureReportRow['thresholdC'] {
  return parseSiteAlarmSettings(r.settings).thresholds.highTemperature;
}

/** The identity columns of a report row. */
export const siteOf = (r: SiteBaseRow) => ({ siteUid: r.uid, siteName: r.name, tenants: r.tenants });

/**
 * The fleet's mains over each edge window, summed from every site row's edges: null when a row has
 * none (the raw path answered it) or another window than the first row's (batches planned apart, as
 * the jobs role rolled a day in between) — the chart then reads those days itself.
 */
export function mainsEdgeSums() {
  const sums = new Map<string, MainsDayPiece>();
  let first: string | null = null;
  let whole = true;
  const keyOf = (e: MainsRow['edges']) =>
    e ? [e.before, e.after].map((x) => (x ? `${x.from}-${x.end}` : '')).join('/') : null;
  return {
    add(e: MainsRow['edges']) {
      const key = keyOf(e);
      first ??= key;
      if (!e || key !== first) whole = false;
      if (!whole || !e) return;
      for (const x of [e.before, e.after]) {
        if (!x) continue;
        const k = `${x.from}-${x.end}`;
        const acc = sums.get(k) ?? { from: x.from, end: x.end, outMs: 0, gapMs: 0 };
        acc.outMs += x.outMs;
        acc.gapMs += x.gapMs;
        sums.set(k, acc);
      }
    },
    result: (): readonly MainsDayPiece[] | null => (whole && first !== null ? [...sums.values()] : null),
  };
}
