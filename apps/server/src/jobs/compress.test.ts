/**
 * The compression job (docs/requirements.md#compressed-history): only days older than the configured
 * age are packed; a rerun changes nothing; a conversion whose connection dies before its commit leaves
 * the raw rows and no packed row, and the next run completes it; a late reading of a packed day stored
 * by the ingest's own write is read at once (raw), rolled up with the packed readings, and packed into
 * its day by the next run; retention drops packed months with raw ones.
 */
import { dhakaDayStart } from '@towerwatch/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createManualClock } from '../clock.ts';
import { emptyWrites } from '../ingest/batch-writes.ts';
import { writeAll } from '../ingest/persist.ts';
import { compressTelemetry } from './compress.ts';
import { maintainTelemetryPartitions } from './partitions.ts';
import { runHourlyRollups } from './rollup.ts';

const HOUR = 3_600_000;
/** "Now": 20 November 2026, 12:00 Dhaka; with 7 days, 12 November is the last day packed. */
const NOW = Date.parse('2026-11-20T12:00:00+06:00');
const day = (d: string) => dhakaDayStart(d).getTime();

let t: TestServer;
const opts = () => ({ clock: t.clock, afterDays: 7, retentionMonths: 2 });

/** Everything the job writes: packed rows (their bytes), raw rows, marks and the watermark. */
async function state() {
  const q = async (sql: string) => (await t.pool.query(sql)).rows;
  return {
    packed: await q(
      "select com_id, to_char(day, 'YYYY-MM-DD') as day, n, md5(pins::text || deltas::text || vals::text) as h from telemetry_days order by 1, 2",
    ),
    raw: await q('select com_id, ts, pin_names, pin_values from telemetry order by 1, 2, 3::text'),
    dirty: await q(
      "select com_id, to_char(day, 'YYYY-MM-DD') as day from telemetry_days_dirty order by 1, 2",
    ),
    mark: await q("select value from job_state where name = 'telemetry_compress'"),
  };
}

async function series(comId: string, from: number, until: number) {
  const { rows } = await t.pool.query<{ ts: Date; v: number }>(
    `select ts, pin_values[array_position(pin_names, 'am6')] as v from telemetry_of($1, $2, $3) order by ts`,
    [comId, new Date(from), new Date(until)],
  );
  return rows.map((r) => [r.ts.getTime(), r.v]);
}

/** One reading a minute of `comId` over the Dhaka day `d`: am6 from the SQL expression of `g`, am4 30. */
async function buildDay(comId: string, d: string, am6: string) {
  await t.pool.query(
    `insert into telemetry (com_id, ts, pin_names, pin_values)
     select $1, $2::timestamptz + g * interval '1 minute', '{am6,am4}', array[(${am6})::float8, 30]
       from generate_series(0, 1439) g`,
    [comId, new Date(day(d))],
  );
}

beforeAll(async () => {
  t = await startTestServer({ seed: false, clock: createManualClock(NOW) });
  // Devices A and B: 10–12 November one reading a minute; A also 13 November (7 days old only in part).
  for (const d of ['2026-11-10', '2026-11-11', '2026-11-12'])
    for (const c of ['CMP-A', 'CMP-B']) await buildDay(c, d, '50 + (g % 17) * 0.1');
  await buildDay('CMP-A', '2026-11-13', '49');
});
afterAll(async () => {
  await t?.close();
});

describe('telemetry compression job', () => {
  it('packs only whole days older than the age, and a rerun changes nothing', async () => {
    const before = await series('CMP-A', day('2026-11-10'), day('2026-11-14'));
    const first = await compressTelemetry(t.pool, opts());
    expect(first).toMatchObject({ days: ['2026-11-10', '2026-11-11', '2026-11-12'], messages: 6 * 1440 });
    const after = await state();
    expect(after.packed.map((p) => [p.com_id, p.day, p.n])).toEqual([
      ['CMP-A', '2026-11-10', 1440],
      ['CMP-A', '2026-11-11', 1440],
      ['CMP-A', '2026-11-12', 1440],
      ['CMP-B', '2026-11-10', 1440],
      ['CMP-B', '2026-11-11', 1440],
      ['CMP-B', '2026-11-12', 1440],
    ]);
    expect(after.raw).toHaveLength(1440); // 13 November
    expect(await series('CMP-A', day('2026-11-10'), day('2026-11-14'))).toEqual(before);

    expect(await compressTelemetry(t.pool, opts())).toMatchObject({ days: [], messages: 0, repacked: 0 });
    expect(await state()).toEqual(after);
    // Each day packed again by hand: no raw rows, nothing changes either.
    for (const d of ['2026-11-10', '2026-11-11', '2026-11-12'])
      await t.pool.query('select telemetry_compress_day($1::date)', [d]);
    expect(await state()).toEqual(after);
  });

  it('a conversion whose connection dies before its commit leaves the raw rows; the next run packs them', async () => {
    t.clock.set(NOW + 24 * HOUR); // 13 November is now old enough
    const before = await state();
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    client.on('error', () => {});
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await client.query('begin');
    expect(
      (await client.query('select telemetry_compress_day($1::date) as n', ['2026-11-13'])).rows[0].n,
    ).toBe(1440);
    // The server process of the conversion ends as if killed: its transaction never commits.
    await t.pool.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    await expect(client.query('commit')).rejects.toThrow();
    await client.end().catch(() => {});
    expect(await state()).toEqual(before);

    expect(await compressTelemetry(t.pool, opts())).toMatchObject({ days: ['2026-11-13'], messages: 1440 });
    expect((await state()).raw).toEqual([]);
  });

  it('keeps a late reading of a packed day: read at once, rolled up, packed by the next run', async () => {
    const hour = day('2026-11-11') + 5 * HOUR;
    const packedHour = await series('CMP-B', hour, hour + HOUR);
    expect(packedHour).toHaveLength(60);
    // The device resends a reading of 11 November 05:00:30 Dhaka through the ingest's write.
    await writeAll(
      t.pool,
      {
        ...emptyWrites(),
        telemetry: [{ comId: 'CMP-B', ts: new Date(hour + 30_000), pinNames: ['am6'], values: [41] }],
        values: 1,
      },
      [],
      t.clock.now(),
      [],
    );
    const withLate = await series('CMP-B', hour, hour + HOUR);
    expect(withLate).toHaveLength(61);
    expect(withLate[1]).toEqual([hour + 30_000, 41]);

    // The rollup of the late hour reads the packed readings with the late one, and marks the day.
    await runHourlyRollups(t.pool, t.clock);
    const { rows: rolled } = await t.pool.query(
      "select count, min from telemetry_hourly where com_id = 'CMP-B' and pin_name = 'am6' and hour = $1",
      [new Date(hour)],
    );
    expect(rolled).toEqual([{ count: 61, min: 41 }]);
    expect((await state()).dirty).toEqual([{ com_id: 'CMP-B', day: '2026-11-11' }]);

    const run = await compressTelemetry(t.pool, opts());
    expect(run).toMatchObject({ days: [], repacked: 1 });
    const after = await state();
    expect(after.raw).toEqual([]);
    expect(after.dirty).toEqual([]);
    expect(after.packed.find((p) => p.com_id === 'CMP-B' && p.day === '2026-11-11')?.n).toBe(1441);
    expect(await series('CMP-B', hour, hour + HOUR)).toEqual(withLate);
  });

  it('drops packed months with the raw months past retention', async () => {
    t.clock.set(Date.parse('2027-01-15T12:00:00Z')); // one month kept (December 2026 on)
    const { dropped } = await maintainTelemetryPartitions(t.pool, { clock: t.clock, retentionMonths: 1 });
    expect(dropped).toContain('telemetry_days_y2026m11');
    expect((await state()).packed).toEqual([]);
  });
});
