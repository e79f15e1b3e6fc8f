/**
 * The four reports' replies from the repository's rows (docs/requirements.md#analytics): per-site rows
 * with the compare period's figures beside them (`previous`), fleet totals, per-tenant figures.
 */
import type {
  BatteryReportReply,
  DgReportReply,
  DgReportRow,
  MainsReportReply,
  TemperatureReportReply,
} from '@towerwatch/contract';
import { availabilityPercent, fuelCost, type ReportKind, tenantShares } from '@towerwatch/domain';
import type { AnalyticsRepository, SiteBaseRow } from './analytics.repository.ts';
import type { ReportContext, ResolvedPeriod } from './analytics-context.ts';
import {
  batteryPeriodOf,
  batteryRowOf,
  completenessOf,
  dgFiguresOf,
  mainsFiguresOf,
  mainsInput,
  mainsTotalsOf,
  r2,
  siteOf,
  temperatureFiguresOf,
  thresholdOf,
} from './analytics-figures.ts';

const iso = (t: number) => new Date(t).toISOString();
const periodReply = (p: ResolvedPeriod) => ({
  from: iso(p.period.from),
  until: iso(p.period.until),
  end: iso(p.end),
});
const elapsed = (p: ResolvedPeriod) => p.end - p.period.from;
const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);

function meta<K extends ReportKind>(ctx: ReportContext, report: K) {
  return {
    report,
    ...ctx.meta,
    period: periodReply(ctx.main),
    comparePeriod: ctx.previous ? periodReply(ctx.previous) : null,
  };
}

/** Runs `load` over both periods; the compare rows by site uid. */
async function bothPeriods<R extends SiteBaseRow>(
  ctx: ReportContext,
  load: (p: ResolvedPeriod) => Promise<R[]>,
): Promise<{ rows: R[]; prev: Map<string, R> | null }> {
  const [rows, prevRows] = await Promise.all([load(ctx.main), ctx.previous ? load(ctx.previous) : null]);
  return { rows, prev: prevRows ? new Map(prevRows.map((r) => [r.uid, r])) : null };
}

function dgTotals(
  figs: readonly DgReportRow[] | readonly ReturnType<typeof dgFiguresOf>[],
  gapElapsed: number,
) {
  return {
    sites: figs.length,
    dgRunHours: r2(sum(figs, (f) => f.dgRunHours)),
    dgStarts: sum(figs, (f) => f.dgStarts),
    pgRunHours: r2(sum(figs, (f) => f.pgRunHours)),
    pgStarts: sum(figs, (f) => f.pgStarts),
    fuelLitres: r2(sum(figs, (f) => f.fuelLitres)),
    cost: r2(sum(figs, (f) => f.cost)),
    ...completenessOf(sum(figs, (f) => f.gapMinutes) * 60_000, gapElapsed * figs.length),
  };
}

export async function dgReport(
  repo: AnalyticsRepository,
  ctx: ReportContext,
  price: number,
): Promise<DgReportReply> {
  const { rows, prev } = await bothPeriods(ctx, (p) => repo.dg(ctx.caller, ctx.filter, p.window));
  const sites: DgReportRow[] = rows.map((r) => {
    const f = dgFiguresOf(r, elapsed(ctx.main), price);
    const before = prev?.get(r.uid);
    const tenants = ctx.filter.tenant ? [ctx.filter.tenant] : r.tenants;
    const litres = tenantShares(f.fuelLitres, tenants);
    return {
      ...siteOf(r),
      ...f,
      dgRunning: r.dg.open && ctx.main.end < ctx.main.period.until,
      tenantShares: litres.map((l) => ({
        tenant: l.tenant,
        fuelLitres: l.share,
        cost: fuelCost(l.share, price),
      })),
      previous: before && ctx.previous ? dgFiguresOf(before, elapsed(ctx.previous), price) : null,
    };
  });
  const byTenant = new Map<string, { sites: number; hours: number; litres: number; cost: number }>();
  for (const s of sites) {
    const shares = tenantShares(
      s.dgRunHours,
      s.tenantShares.map((t) => t.tenant),
    );
    s.tenantShares.forEach((t, i) => {
      const acc = byTenant.get(t.tenant) ?? { sites: 0, hours: 0, litres: 0, cost: 0 };
      acc.sites += 1;
      acc.hours += shares[i]?.share ?? 0;
      acc.litres += t.fuelLitres;
      acc.cost += t.cost;
      byTenant.set(t.tenant, acc);
    });
  }
  const prevFigs =
    ctx.previous && prev
      ? [...prev.values()].map((r) => dgFiguresOf(r, elapsed(ctx.previous as ResolvedPeriod), price))
      : null;
  return {
    ...meta(ctx, 'dg'),
    parameters: { fuelPricePerLitre: price },
    totals: dgTotals(sites, elapsed(ctx.main)),
    previousTotals: prevFigs && ctx.previous ? dgTotals(prevFigs, elapsed(ctx.previous)) : null,
    byTenant: [...byTenant.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tenant, a]) => ({
        tenant,
        sites: a.sites,
        dgRunHours: r2(a.hours),
        fuelLitres: r2(a.litres),
        cost: r2(a.cost),
      })),
    sites,
  };
}

export async function mainsReport(
  repo: AnalyticsRepository,
  ctx: ReportContext,
  dailyAvg: number | null,
  days: { date: string; from: Date; until: Date }[],
): Promise<MainsReportReply> {
  const [{ rows, prev }, dayRows] = await Promise.all([
    bothPeriods(ctx, (p) => repo.mains(ctx.caller, ctx.filter, p.window)),
    days.length > 0 ? repo.mainsDays(ctx.caller, ctx.filter, ctx.main.window, days) : [],
  ]);
  const sites = rows.map((r) => {
    const f = mainsFiguresOf(r, elapsed(ctx.main));
    const before = prev?.get(r.uid);
    return {
      ...siteOf(r),
      ...f,
      belowDailyAvg: dailyAvg === null || f.mainsHoursPerDay === null ? null : f.mainsHoursPerDay < dailyAvg,
      previous: before && ctx.previous ? mainsFiguresOf(before, elapsed(ctx.previous)) : null,
    };
  });
  const totals = (list: typeof rows, span: number) => mainsTotalsOf(list.map(mainsInput), span);
  const tenants = [
    ...new Set(rows.flatMap((r) => (ctx.filter.tenant ? [ctx.filter.tenant] : r.tenants))),
  ].sort();
  return {
    ...meta(ctx, 'mains'),
    parameters: { dailyAvgHours: dailyAvg },
    totals: {
      ...totals(rows, elapsed(ctx.main)),
      sites: rows.length,
      sitesBelowDailyAvg: sites.filter((s) => s.belowDailyAvg === true).length,
    },
    previousTotals:
      prev && ctx.previous
        ? {
            ...totals([...prev.values()], elapsed(ctx.previous)),
            sites: prev.size,
            sitesBelowDailyAvg: [...prev.values()].filter((r) => {
              const h = mainsFiguresOf(r, elapsed(ctx.previous as ResolvedPeriod)).mainsHoursPerDay;
              return dailyAvg !== null && h !== null && h < dailyAvg;
            }).length,
          }
        : null,
    days: days.map((d, i) => {
      const row = dayRows.find((x) => x.i === i);
      const possible = (d.until.getTime() - d.from.getTime()) * rows.length - (row?.gapMs ?? 0);
      const outMs = row?.outMs ?? 0;
      return {
        date: d.date,
        possibleMinutes: r2(possible / 60_000),
        outageMinutes: r2(outMs / 60_000),
        availabilityPct: possible > 0 ? availabilityPercent(outMs, possible) : null,
      };
    }),
    byTenant: tenants.map((tenant) => {
      const t = totals(
        rows.filter((r) => ctx.filter.tenant === tenant || r.tenants.includes(tenant)),
        elapsed(ctx.main),
      );
      return {
        tenant,
        sites: rows.filter((r) => ctx.filter.tenant === tenant || r.tenants.includes(tenant)).length,
        outageMinutes: t.outageMinutes,
        possibleMinutes: t.possibleMinutes,
        availabilityPct: t.availabilityPct,
      };
    }),
    sites,
  };
}

export async function batteryReport(
  repo: AnalyticsRepository,
  ctx: ReportContext,
  minBackup: number,
): Promise<BatteryReportReply> {
  const since = (p: ResolvedPeriod) => new Date(p.end - 30 * 86_400_000);
  const { rows, prev } = await bothPeriods(ctx, (p) =>
    repo.battery(ctx.caller, ctx.filter, p.window, since(p)),
  );
  const all = rows.map((r) => {
    const before = prev?.get(r.uid);
    return {
      ...siteOf(r),
      ...batteryRowOf(r, elapsed(ctx.main)),
      previous: before && ctx.previous ? batteryPeriodOf(before, elapsed(ctx.previous)) : null,
    };
  });
  const known = all.filter((s) => s.backupHours !== null);
  const totals = (list: readonly ReturnType<typeof batteryPeriodOf>[], span: number) => ({
    onBatteryMinutes: r2(sum(list, (s) => s.onBatteryMinutes)),
    discharges: sum(list, (s) => s.discharges),
    ...completenessOf(sum(list, (s) => s.gapMinutes) * 60_000, span * list.length),
  });
  const below = known.filter((s) => (s.backupHours as number) < minBackup);
  const prevList =
    prev && ctx.previous
      ? [...prev.values()].map((r) => batteryPeriodOf(r, elapsed(ctx.previous as ResolvedPeriod)))
      : null;
  const counts = {
    sites: all.length,
    sitesBelow: below.length,
    sitesUnknown: all.length - known.length,
    meanBackupHours: known.length ? r2(sum(known, (s) => s.backupHours as number) / known.length) : null,
  };
  return {
    ...meta(ctx, 'battery'),
    parameters: { minBackupHours: minBackup },
    totals: { ...counts, ...totals(all, elapsed(ctx.main)) },
    previousTotals:
      prevList && ctx.previous ? { ...counts, ...totals(prevList, elapsed(ctx.previous)) } : null,
    sites: below.sort(
      (a, b) => (a.backupHours as number) - (b.backupHours as number) || a.siteUid.localeCompare(b.siteUid),
    ),
  };
}

export async function temperatureReport(
  repo: AnalyticsRepository,
  ctx: ReportContext,
  monthlyFrequency: number,
): Promise<TemperatureReportReply> {
  const { rows, prev } = await bothPeriods(ctx, (p) => repo.temperature(ctx.caller, ctx.filter, p.window));
  const sites = rows.map((r) => {
    const f = temperatureFiguresOf(r, elapsed(ctx.main));
    const before = prev?.get(r.uid);
    return {
      ...siteOf(r),
      ...f,
      thresholdC: thresholdOf(r),
      frequent: f.episodes > 0 && f.episodesPerMonth >= monthlyFrequency,
      previous: before && ctx.previous ? temperatureFiguresOf(before, elapsed(ctx.previous)) : null,
    };
  });
  const totals = (list: readonly ReturnType<typeof temperatureFiguresOf>[], span: number) => {
    const withMax = list.filter((s) => s.maxC !== null);
    const withMean = list.filter((s) => s.meanC !== null);
    const episodes = sum(list, (s) => s.episodes);
    return {
      sites: list.length,
      sitesFrequent: 0,
      maxC: withMax.length ? Math.max(...withMax.map((s) => s.maxC as number)) : null,
      meanC: withMean.length
        ? Math.round((sum(withMean, (s) => s.meanC as number) / withMean.length) * 10) / 10
        : null,
      minutesAbove: r2(sum(list, (s) => s.minutesAbove)),
      episodes,
      episodesPerMonth: list.length ? r2(sum(list, (s) => s.episodesPerMonth) / list.length) : 0,
      ...completenessOf(sum(list, (s) => s.gapMinutes) * 60_000, span * list.length),
    };
  };
  const prevFigs =
    prev && ctx.previous
      ? [...prev.values()].map((r) => temperatureFiguresOf(r, elapsed(ctx.previous as ResolvedPeriod)))
      : null;
  return {
    ...meta(ctx, 'temperature'),
    parameters: { monthlyFrequency },
    totals: { ...totals(sites, elapsed(ctx.main)), sitesFrequent: sites.filter((s) => s.frequent).length },
    previousTotals:
      prevFigs && ctx.previous
        ? {
            ...totals(prevFigs, elapsed(ctx.previous)),
            sitesFrequent: prevFigs.filter((f) => f.episodes > 0 && f.episodesPerMonth >= monthlyFrequency)
              .length,
          }
        : null,
    sites,
  };
}
