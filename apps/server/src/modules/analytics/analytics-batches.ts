/**
 * How the four reports read their sites (docs/decisions/reports-streamed-from-a-spool.md): a batch of
 * sites at a time for both periods, figures summed as they come, site rows spooled for the reply.
 */
import type { ReportBatching } from '../../config.ts';
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
 * Runs `load` over both periods for the scoped sites, `b.size` sites at a time in uid order (the order
 * of the whole-fleet query), and visits each batch's rows, then its compare rows, in that order. Up to
 * `b.reads` loads run at a time (a batch's two periods count two): the next batches are read while
 * one is visited, so a report keeps that many database cores busy, not one.
 */
export async function inBatches<R extends SiteBaseRow>(
  repo: AnalyticsRepository,
  ctx: ReportContext,
  b: ReportBatching,
  load: (f: FleetFilter, p: ResolvedPeriod) => Promise<R[]>,
  visit: SiteVisitor<R>,
): Promise<void> {
  const uids = await repo.siteUids(ctx.caller, ctx.filter);
  const span = ctx.previous ? ctx.previous.end - ctx.previous.period.from : 0;
  const read = (i: number) => {
    // One batch of every scoped site: the scope itself, not a list of its uids.
    const f = uids.length <= b.size ? ctx.filter : { ...ctx.filter, siteUids: uids.slice(i, i + b.size) };
    return Promise.all([load(f, ctx.main), ctx.previous ? load(f, ctx.previous) : null]);
  };
  const ahead = Math.max(1, Math.floor(b.reads / (ctx.previous ? 2 : 1)));
  const pending: ReturnType<typeof read>[] = [];
  let next = 0;
  const fill = () => {
    for (; pending.length < ahead && next < uids.length; next += b.size) {
      const batch = read(next);
      // Awaited in turn below; until then a failure must not count as unhandled.
      batch.catch(() => undefined);
      pending.push(batch);
    }
  };
  fill();
  try {
    for (let batch = pending.shift(); batch; batch = pending.shift()) {
      const [rows, prevRows] = await batch;
      fill();
      const prev = prevRows ? new Map(prevRows.map((r) => [r.uid, r])) : null;
      for (const r of rows) await visit.site(r, prev?.get(r.uid));
      for (const r of prevRows ?? []) visit.compared(r, span);
    }
  } finally {
    // A failed report returns once the reads it started are over (their connections back in the pool).
    await Promise.allSettled(pending);
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
