/**
 * The four reports' replies from the repository's rows (docs/requirements.md#analytics): per-site rows
 * with the compare period's figures beside them (`previous`), fleet totals, per-tenant figures.
 */
import type {
  BatteryReportReply,
  DgFigures,
  DgReportReply,
  DgReportRow,
  MainsReportReply,
  TemperatureReportReply,
} from '@towerwatch/contract';
import { availabilityPercent, fuelCost, type ReportKind, tenantShares } from '@towerwatch/domain';
import type { AnalyticsRepository, MainsDayPiece } from './analytics.repository.ts';
import { REPORT_BATCHING_DEFAULT, type ReportBatching } from '../../config.ts';
import { adder, inBatches, type StreamedReport, spooled } from './analytics-batches.ts';
import type { ReportContext, ResolvedPeriod } from './analytics-context.ts';
import {
  batteryPeriodOf,
  batteryRowOf,
  completenessOf,
  dgFiguresOf,
  mainsFiguresOf,
  mainsEdgeSums,
  mainsInput,
  mainsTotalsOfSums,
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

/** The reply's first fields, in the contract's order (the streamed reply is byte for byte the serialised one). */
function meta<K extends ReportKind>(ctx: ReportContext, report: K) {
  return {
    report,
    generatedAt: ctx.meta.generatedAt,
    period: periodReply(ctx.main),
    compare: ctx.meta.compare,
    comparePeriod: ctx.previous ? periodReply(ctx.previous) : null,
    tenant: ctx.meta.tenant,
    companyId: ctx.meta.companyId,
  };
}

const DG_SUMS = [
  'dgRunHours',
  'dgStarts',
  'pgRunHours',
  'pgStarts',
  'fuelLitres',
  'cost',
  'gapMinutes',
] as const;
type DgSums = ReturnType<typeof adder<DgFigures>>;

function dgTotals(a: DgSums, gapElapsed: number) {
  const s = a.sums;
  return {
    sites: a.n,
    dgRunHours: r2(s.dgRunHours),
    dgStarts: s.dgStarts,
    pgRunHours: r2(s.pgRunHours),
    pgStarts: s.pgStarts,
    fuelLitres: r2(s.fuelLitres),
    cost: r2(s.cost),
    ...completenessOf(s.gapMinutes * 60_000, gapElapsed * a.n),
  };
}

export function dgReport(
  repo: AnalyticsRepository,
  ctx: ReportContext,
  price: number,
  batching: ReportBatching = REPORT_BATCHING_DEFAULT,
): Promise<StreamedReport<DgReportReply>> {
  return spooled<DgReportRow, unknown, StreamedReport<DgReportReply>>(undefined, async (spool) => {
    const main = adder<DgFigures>(DG_SUMS);
    const before = adder<DgFigures>(DG_SUMS);
    const byTenant = new Map<string, { sites: number; hours: number; litres: number; cost: number }>();
    await inBatches(repo, ctx, batching, (f, p) => repo.dg(ctx.caller, f, p.window), {
      site: async (r, previous) => {
        const f = dgFiguresOf(r, elapsed(ctx.main), price);
        const tenants = ctx.filter.tenant ? [ctx.filter.tenant] : r.tenants;
        const litres = tenantShares(f.fuelLitres, tenants);
        const site: DgReportRow = {
          ...siteOf(r),
          ...f,
          dgRunning: r.dg.open && ctx.main.end < ctx.main.period.until,
          tenantShares: litres.map((l) => ({
            tenant: l.tenant,
            fuelLitres: l.share,
            cost: fuelCost(l.share, price),
          })),
          previous: previous && ctx.previous ? dgFiguresOf(previous, elapsed(ctx.previous), price) : null,
        };
        main.add(site);
        const shares = tenantShares(
          site.dgRunHours,
          site.tenantShares.map((t) => t.tenant),
        );
        site.tenantShares.forEach((t, i) => {
          const acc = byTenant.get(t.tenant) ?? { sites: 0, hours: 0, litres: 0, cost: 0 };
          acc.sites += 1;
          acc.hours += shares[i]?.share ?? 0;
          acc.litres += t.fuelLitres;
          acc.cost += t.cost;
          byTenant.set(t.tenant, acc);
        });
        await spool.add(site, undefined);
      },
      compared: (r, span) => before.add(dgFiguresOf(r, span, price)),
    });
    const head: Omit<DgReportReply, 'sites'> = {
      ...meta(ctx, 'dg'),
      parameters: { fuelPricePerLitre: price },
      totals: dgTotals(main, elapsed(ctx.main)),
      previousTotals: ctx.previous ? dgTotals(before, elapsed(ctx.previous)) : null,
      byTenant: [...byTenant.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([tenant, a]) => ({
          tenant,
          sites: a.sites,
          dgRunHours: r2(a.hours),
          fuelLitres: r2(a.litres),
          cost: r2(a.cost),
        })),
    };
    return { head, sites: spool };
  });
}

const MAINS_SUMS = ['outMs', 'count', 'gapMs'] as const;
type MainsInput = ReturnType<typeof mainsInput>;

export function mainsReport(
  repo: AnalyticsRepository,
  ctx: ReportContext,
  dailyAvg: number | null,
  days: { date: string; from: Date; until: Date }[],
  batching: ReportBatching = REPORT_BATCHING_DEFAULT,
): Promise<StreamedReport<MainsReportReply>> {
  return spooled<MainsReportReply['sites'][number], unknown, StreamedReport<MainsReportReply>>(
    undefined,
    async (spool) => {
      const main = adder<MainsInput>(MAINS_SUMS);
      const before = adder<MainsInput>(MAINS_SUMS);
      const byTenant = new Map<string, ReturnType<typeof adder<MainsInput>>>();
      let below = 0;
      let prevBelow = 0;
      // The daily chart's partial days: the fleet's sums of the site rows' edges, once every row is read.
      const edges = mainsEdgeSums();
      let settle: (sums: readonly MainsDayPiece[] | null) => void = () => undefined;
      const summed = new Promise<readonly MainsDayPiece[] | null>((resolve) => {
        settle = resolve;
      });
      const [, dayRows] = await Promise.all([
        inBatches(repo, ctx, batching, (f, p) => repo.mains(ctx.caller, f, p.window), {
          site: async (r, previous) => {
            edges.add(r.edges);
            const f = mainsFiguresOf(r, elapsed(ctx.main));
            const site = {
              ...siteOf(r),
              ...f,
              belowDailyAvg:
                dailyAvg === null || f.mainsHoursPerDay === null ? null : f.mainsHoursPerDay < dailyAvg,
              previous: previous && ctx.previous ? mainsFiguresOf(previous, elapsed(ctx.previous)) : null,
            };
            const input = mainsInput(r);
            main.add(input);
            if (site.belowDailyAvg === true) below += 1;
            for (const tenant of new Set(ctx.filter.tenant ? [ctx.filter.tenant] : r.tenants)) {
              const acc = byTenant.get(tenant) ?? adder<MainsInput>(MAINS_SUMS);
              acc.add(input);
              byTenant.set(tenant, acc);
            }
            await spool.add(site, undefined);
          },
          compared: (r, span) => {
            before.add(mainsInput(r));
            const h = mainsFiguresOf(r, span).mainsHoursPerDay;
            if (dailyAvg !== null && h !== null && h < dailyAvg) prevBelow += 1;
          },
        }).then(
          () => settle(edges.result()),
          (err: unknown) => {
            settle(null);
            throw err;
          },
        ),
        days.length > 0 ? repo.mainsDays(ctx.caller, ctx.filter, ctx.main.window, days, summed) : [],
      ]);
      const totals = (a: typeof main, span: number) => mainsTotalsOfSums(a.sums, a.n, span);
      const head: Omit<MainsReportReply, 'sites'> = {
        ...meta(ctx, 'mains'),
        parameters: { dailyAvgHours: dailyAvg },
        totals: { ...totals(main, elapsed(ctx.main)), sites: main.n, sitesBelowDailyAvg: below },
        previousTotals: ctx.previous
          ? { ...totals(before, elapsed(ctx.previous)), sites: before.n, sitesBelowDailyAvg: prevBelow }
          : null,
        days: days.map((d, i) => {
          const row = dayRows.find((x) => x.i === i);
          const possible = (d.until.getTime() - d.from.getTime()) * main.n - (row?.gapMs ?? 0);
          const outMs = row?.outMs ?? 0;
          return {
            date: d.date,
            possibleMinutes: r2(possible / 60_000),
            outageMinutes: r2(outMs / 60_000),
            availabilityPct: possible > 0 ? availabilityPercent(outMs, possible) : null,
          };
        }),
        byTenant: [...byTenant.keys()].sort().map((tenant) => {
          const a = byTenant.get(tenant) as typeof main;
          const t = totals(a, elapsed(ctx.main));
          return {
            tenant,
            sites: a.n,
            outageMinutes: t.outageMinutes,
            possibleMinutes: t.possibleMinutes,
            availabilityPct: t.availabilityPct,
          };
        }),
      };
      return { head, sites: spool };
    },
  );
}

type BatteryPeriod = ReturnType<typeof batteryPeriodOf>;
type BatterySite = BatteryReportReply['sites'][number];
const BATTERY_SUMS = ['onBatteryMinutes', 'discharges', 'gapMinutes'] as const;
/** The battery report's order: shortest backup first, then site uid. */
const byBackup = (a: { h: number; uid: string }, b: { h: number; uid: string }) =>
  a.h - b.h || a.uid.localeCompare(b.uid);

export function batteryReport(
  repo: AnalyticsRepository,
  ctx: ReportContext,
  minBackup: number,
  batching: ReportBatching = REPORT_BATCHING_DEFAULT,
): Promise<StreamedReport<BatteryReportReply>> {
  const since = (p: ResolvedPeriod) => new Date(p.end - 30 * 86_400_000);
  return spooled<BatterySite, { h: number; uid: string }, StreamedReport<BatteryReportReply>>(
    byBackup,
    async (spool) => {
      const main = adder<BatteryPeriod>(BATTERY_SUMS);
      const before = adder<BatteryPeriod>(BATTERY_SUMS);
      let known = 0;
      let backupSum = 0;
      await inBatches(repo, ctx, batching, (f, p) => repo.battery(ctx.caller, f, p.window, since(p)), {
        site: async (r, previous) => {
          const site: BatterySite = {
            ...siteOf(r),
            ...batteryRowOf(r, elapsed(ctx.main)),
            previous: previous && ctx.previous ? batteryPeriodOf(previous, elapsed(ctx.previous)) : null,
          };
          main.add(site);
          if (site.backupHours === null) return;
          known += 1;
          backupSum += site.backupHours;
          if (site.backupHours < minBackup) await spool.add(site, { h: site.backupHours, uid: site.siteUid });
        },
        compared: (r, span) => before.add(batteryPeriodOf(r, span)),
      });
      const totals = (a: typeof main, span: number) => ({
        onBatteryMinutes: r2(a.sums.onBatteryMinutes),
        discharges: a.sums.discharges,
        ...completenessOf(a.sums.gapMinutes * 60_000, span * a.n),
      });
      const counts = {
        sites: main.n,
        sitesBelow: spool.size,
        sitesUnknown: main.n - known,
        meanBackupHours: known ? r2(backupSum / known) : null,
      };
      const head: Omit<BatteryReportReply, 'sites'> = {
        ...meta(ctx, 'battery'),
        parameters: { minBackupHours: minBackup },
        totals: { ...counts, ...totals(main, elapsed(ctx.main)) },
        previousTotals: ctx.previous ? { ...counts, ...totals(before, elapsed(ctx.previous)) } : null,
      };
      return { head, sites: spool };
    },
  );
}

type TemperatureFigures = ReturnType<typeof temperatureFiguresOf>;

/** The temperature totals of sites added in order (the same figures as over the whole list). */
function temperatureTotals(monthlyFrequency: number) {
  let n = 0;
  let maxC: number | null = null;
  let meanSum = 0;
  let means = 0;
  let episodes = 0;
  let perMonth = 0;
  let above = 0;
  let gap = 0;
  let frequent = 0;
  return {
    add(s: TemperatureFigures) {
      n += 1;
      if (s.maxC !== null) maxC = maxC === null ? s.maxC : Math.max(maxC, s.maxC);
      if (s.meanC !== null) {
        meanSum += s.meanC;
        means += 1;
      }
      episodes += s.episodes;
      perMonth += s.episodesPerMonth;
      above += s.minutesAbove;
      gap += s.gapMinutes;
      if (s.episodes > 0 && s.episodesPerMonth >= monthlyFrequency) frequent += 1;
    },
    result(span: number) {
      return {
        sites: n,
        sitesFrequent: frequent,
        maxC,
        meanC: means ? Math.round((meanSum / means) * 10) / 10 : null,
        minutesAbove: r2(above),
        episodes,
        episodesPerMonth: n ? r2(perMonth / n) : 0,
        ...completenessOf(gap * 60_000, span * n),
      };
    },
  };
}

export function temperatureReport(
  repo: AnalyticsRepository,
  ctx: ReportContext,
  monthlyFrequency: number,
  batching: ReportBatching = REPORT_BATCHING_DEFAULT,
): Promise<StreamedReport<TemperatureReportReply>> {
  return spooled<TemperatureReportReply['sites'][number], unknown, StreamedReport<TemperatureReportReply>>(
    undefined,
    async (spool) => {
      const main = temperatureTotals(monthlyFrequency);
      const before = temperatureTotals(monthlyFrequency);
      await inBatches(repo, ctx, batching, (f, p) => repo.temperature(ctx.caller, f, p.window), {
        site: async (r, previous) => {
          const f = temperatureFiguresOf(r, elapsed(ctx.main));
          main.add(f);
          await spool.add(
            {
              ...siteOf(r),
              ...f,
              thresholdC: thresholdOf(r),
              frequent: f.episodes > 0 && f.episodesPerMonth >= monthlyFrequency,
              previous:
                previous && ctx.previous ? temperatureFiguresOf(previous, elapsed(ctx.previous)) : null,
            },
            undefined,
          );
        },
        compared: (r, span) => before.add(temperatureFiguresOf(r, span)),
      });
      const head: Omit<TemperatureReportReply, 'sites'> = {
        ...meta(ctx, 'temperature'),
        parameters: { monthlyFrequency },
        totals: main.result(elapsed(ctx.main)),
        previousTotals: ctx.previous ? before.result(elapsed(ctx.previous)) : null,
      };
      return { head, sites: spool };
    },
  );
}
