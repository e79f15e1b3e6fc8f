/**
 * Compressed telemetry history (docs/requirements.md#compressed-history, jobs role): the raw telemetry
 * of every Asia/Dhaka day older than TELEMETRY_COMPRESS_AFTER_DAYS is packed into `telemetry_days`, one
 * row per device and day, day after day and a day's devices in batches. Each batch is one statement of
 * migration 0820 (`telemetry_compress_day`) that deletes the raw rows it packs: a crash leaves each
 * device's day raw or packed, and a rerun packs what is left and changes nothing else. job_state
 * 'telemetry_compress' holds the last day done. Late readings of a packed day are marked by the rollup
 * of late hours ({@link markLatePackedDays}) and packed into their day at the start of the next run.
 */
import { dhakaDate, dhakaDayEnd, dhakaDayStart, lastCompressibleDay } from '@towerwatch/domain';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { type Pool, type Queryable, withTransaction } from '../db/pool.ts';

const WATERMARK = 'telemetry_compress';
const DAY_MS = 86_400_000;

export interface CompressOptions {
  clock: Clock;
  afterDays: number;
  /** Months of raw telemetry kept: the first run starts at the oldest kept month. */
  retentionMonths: number;
  /** Devices per statement. */
  batch?: number;
  /** Days with rows packed per run (the rest on the next runs; days without rows cost one probe). */
  maxDays?: number;
  /** Stops after this many statements (tests: a run that ends midway). */
  maxStatements?: number;
  /** Aborted: the run stops before its next statement (the process is stopping). */
  signal?: AbortSignal;
  log?: Pick<Logger, 'info'>;
}

export interface CompressResult {
  days: string[];
  messages: number;
  repacked: number;
  /** False when the run stopped early (maxStatements). */
  complete: boolean;
}

/** The last day packed whole, or null before the first run. */
async function watermark(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(
    "select value->>'day' as day from job_state where name = $1",
    [WATERMARK],
  );
  return rows[0]?.day ?? null;
}

/**
 * Marks the packed days of late hours (device, hour) for repacking: the days up to the watermark.
 * Called by the rollup of late hours in its transaction (jobs/rollup.ts).
 */
export async function markLatePackedDays(db: Queryable, comIds: string[], hours: Date[]): Promise<void> {
  await db.query(
    `insert into telemetry_days_dirty (com_id, day)
     select distinct h.com_id, (h.hour at time zone 'Asia/Dhaka')::date
       from unnest($1::text[], $2::timestamptz[]) h(com_id, hour)
       join job_state j on j.name = $3 and (h.hour at time zone 'Asia/Dhaka')::date <= (j.value->>'day')::date
     on conflict do nothing`,
    [comIds, hours, WATERMARK],
  );
}

/** Packs the raw rows of `day` of the devices `comIds` (null: all); returns the messages moved. */
async function packDay(db: Queryable, day: string, comIds: string[] | null): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select telemetry_compress_day($1::date, $2::text[]) as n', [
    day,
    comIds,
  ]);
  return rows[0]?.n ?? 0;
}

/** One run: repacks marked days, then packs the days from the watermark on. */
export async function compressTelemetry(pool: Pool, opts: CompressOptions): Promise<CompressResult> {
  const result: CompressResult = { days: [], messages: 0, repacked: 0, complete: true };
  let budget = opts.maxStatements ?? Number.POSITIVE_INFINITY;
  const pack = (day: string, comIds: string[] | null) => {
    budget--;
    return packDay(pool, day, comIds);
  };
  // Late readings of packed days: the marks go in the transaction that packs them.
  const { rows: dirty } = await pool.query<{ day: string; com_ids: string[] }>(
    `select to_char(day, 'YYYY-MM-DD') as day, array_agg(com_id order by com_id) as com_ids
       from telemetry_days_dirty group by day order by day`,
  );
  for (const d of dirty) {
    if (budget <= 0 || opts.signal?.aborted) return { ...result, complete: false };
    budget--;
    result.repacked += await withTransaction(pool, async (tx) => {
      await tx.query('delete from telemetry_days_dirty where day = $1 and com_id = any($2)', [
        d.day,
        d.com_ids,
      ]);
      return packDay(tx, d.day, d.com_ids);
    });
  }
  const now = opts.clock.now();
  const last = lastCompressibleDay(now.getTime(), opts.afterDays);
  const done = await watermark(pool);
  const oldestMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - opts.retentionMonths, 1));
  let day = done ? dhakaDate(new Date(dhakaDayStart(done).getTime() + DAY_MS)) : dhakaDate(oldestMonth);
  let devices: { com_id: string }[] | null = null; // read once a day with rows is found
  const batch = opts.batch ?? 500;
  while (day <= last && result.days.length < (opts.maxDays ?? 31)) {
    if (opts.signal?.aborted) return { ...result, complete: false };
    const { rowCount } = await pool.query('select 1 from telemetry where ts >= $1 and ts < $2 limit 1', [
      dhakaDayStart(day),
      dhakaDayEnd(day),
    ]);
    if (rowCount) {
      devices ??= (
        await pool.query<{ com_id: string }>('select com_id from pin_latest group by com_id order by com_id')
      ).rows;
      for (let i = 0; i < devices.length; i += batch) {
        if (budget <= 0 || opts.signal?.aborted) return { ...result, complete: false };
        result.messages += await pack(
          day,
          devices.slice(i, i + batch).map((d) => d.com_id),
        );
      }
      // Devices without a latest value (rows written around ingest) and any left.
      if (budget <= 0 || opts.signal?.aborted) return { ...result, complete: false };
      result.messages += await pack(day, null);
      result.days.push(day);
    }
    await pool.query(
      `insert into job_state (name, value, updated_at) values ($1, $2, now())
       on conflict (name) do update set value = excluded.value, updated_at = now()`,
      [WATERMARK, JSON.stringify({ day })],
    );
    day = dhakaDate(dhakaDayEnd(day));
  }
  if (result.days.length || result.repacked)
    opts.log?.info(
      { days: result.days, messages: result.messages, repacked: result.repacked },
      'telemetry compressed',
    );
  return result;
}
