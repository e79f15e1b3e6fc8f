/** Spooled report rows (kernel/http/row-spool.ts) read back into arrays, for assertions. */
import { readdirSync, readlinkSync } from 'node:fs';

/** This process's open spool files (unlinked files named towerwatch-spool-…). */
export function openSpools(): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).includes('towerwatch-spool-')) n += 1;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}

export async function allRows<T>(spool: { rows(): AsyncIterable<T> }): Promise<T[]> {
  const out: T[] = [];
  for await (const r of spool.rows()) out.push(r);
  return out;
}

/** An SLA result (sla.service.ts) with its breach and completeness rows read, its spools closed. */
export async function spooledResult<R, B, C>(result: {
  report: R;
  breaches: { rows(): AsyncIterable<B> };
  completeness: { rows(): AsyncIterable<C> };
  close(): Promise<void>;
}) {
  try {
    return {
      report: result.report,
      breaches: await allRows(result.breaches),
      completeness: await allRows(result.completeness),
    };
  } finally {
    await result.close();
  }
}
