/**
 * How the four reports read their sites (docs/decisions/reports-streamed-from-a-spool.md): a batch of
 * sites at a time for both periods, figures summed as they come, site rows spooled for the reply.
 */
import { createRowSpool, type RowSpool } from '../../kernel/http/row-spool.ts';
import type { FleetFilter } from '../power-data/index.ts';
import type { AnalyticsRepository, SiteBaseRow } from './analytics.repository.ts';
import type { ReportContext, ResolvedPeriod } from './analytics-context.ts';

/**
 * A report whose site rows are spooled (kernel/http/row-spool.ts): the head is every field but `sites`
 * (the last field of each reply), the rows are read back as the reply is written. Close `sites` once
 * the reply is written or abandoned.
 */
export interface StreamedReport<R extends { sites: unknown[] }> {
  head: Omit<R, 'sites'>;
  sites: RowSpool<R['sites'][number], unknown>;
}

/** What a report does with each site row (and its compare row), and with each compare row. */
export interface SiteVisitor<R> {
  site: (r: R, previous: R | undefined) => Promise<void>;
  /** Each compare-period row, with the compare period's elapsed ms. */
  compared: (r: R, span: number) => void;
}

/**
 * Runs `load` over both periods for the scoped sites, `size` sites at a time in uid order (the order
 * of the whole-fleet query), and visits each batch's rows, then its compare rows.
 */
export async function inBatches<R extends SiteBaseRow>(
  repo: AnalyticsRepository,
  ctx: ReportContext,
  size: number,
  load: (f: FleetFilter, p: ResolvedPeriod) => Promise<R[]>,
  visit: SiteVisitor<R>,
): Promise<void> {
  const uids = await repo.siteUids(ctx.caller, ctx.filter);
  const span = ctx.previous ? ctx.previous.end - ctx.previous.period.from : 0;
  for (let i = 0; i < uids.length; i += size) {
    // One batch of every scoped site: the scope itself, not a list of its uids.
    const f = uids.length <= size ? ctx.filter : { ...ctx.filter, siteUids: uids.slice(i, i + size) };
    const [rows, prevRows] = await Promise.all([
      load(f, ctx.main),
      ctx.previous ? load(f, ctx.previous) : null,
    ]);
    const prev = prevRows ? new Map(prevRows.map((r) => [r.uid, r])) : null;
    for (const r of rows) await visit.site(r, prev?.get(r.uid));
    for (const r of prevRows ?? []) visit.compared(r, span);
  }
}

/** A spool closed again when building the report fails. */
export async function spooled<T, K, R>(
  order: ((a: K, b: K) => number) | undefined,
  build: (spool: RowSpool<T, K>) => Promise<R>,
): Promise<R> {
  const spool = await createRowSpool<T, K>(order);
  try {
    return await build(spool);
  } catch (err) {
    await spool.close();
    throw err;
  }
}

/** Adds up figures in the order sites are read (the same sums as a reduce over the whole list). */
export function adder<F>(fields: readonly (keyof F)[]) {
  const sums = Object.fromEntries(fields.map((f) => [f, 0])) as Record<keyof F, number>;
  let n = 0;
  return {
    add(x: F) {
      n += 1;
      for (const f of fields) sums[f] += x[f] as number;
    },
    get n() {
      return n;
    },
    sums,
  };
}
