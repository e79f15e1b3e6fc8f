/**
 * The hourly rollups' running totals (running-totals.ts): kept by the hourly rollup, re-derived when a
 * late reading changes an earlier hour, filled for rows without them; a pin's sum and count over a
 * window from them equal its rows' — and equal the rows' too while totals are missing (the fallback).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { emptyWrites } from '../../ingest/batch-writes.ts';
import { writeAll } from '../../ingest/persist.ts';
import { rollupTelemetry, runHourlyRollups } from '../../jobs/rollup.ts';
import { fillRunningTotals, pinSumCountSql } from './running-totals.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const T0 = Date.parse('2025-07-01T00:00:00Z');
const at = (h: number, m = 0) => new Date(T0 + h * HOUR + m * 60_000);

/** Readings of pins am4 (value v) and am5 (v × 10) of device RT1, one message each. */
async function readings(list: readonly [Date, number][]) {
  for (const [ts, v] of list)
    await t.pool.query(
      `insert into telemetry (com_id, ts, pin_names, pin_values) values ('RT1', $1, '{am4,am5}', array[$2::float8, $2::float8 * 10])`,
      [ts, v],
    );
}

interface Hour {
  pin: string;
  hour: number;
  sum: number;
  count: number;
  run_sum: number | null;
  run_count: number | null;
}

async function hours(): Promise<Hour[]> {
  const { rows } = await t.pool.query<Hour & { hour: Date }>(
    `select pin_name as pin, hour, sum, count, run_sum, run_count::int as run_count
       from telemetry_hourly where com_id = 'RT1' order by pin_name, hour`,
  );
  return rows.map((r) => ({ ...r, hour: (r.hour.getTime() - T0) / HOUR }));
}

/** Each row's totals are its pin's earlier rows' sum and count. */
function expectTotalsOfEarlierRows(list: readonly Hour[]) {
  for (const pin of new Set(list.map((r) => r.pin))) {
    let sum = 0;
    let count = 0;
    for (const r of list.filter((x) => x.pin === pin)) {
      expect(r.run_sum).toBeCloseTo(sum, 9);
      expect(r.run_count).toBe(count);
      sum += r.sum;
      count += r.count;
    }
  }
}

/** pin_name's sum and count over the hours [from, end) from pinSumCountSql, or null (no hour there). */
async function window(pin: string, from: Date, end: Date) {
  const { rows } = await t.pool.query<{ sum: number; count: string }>(
    `select h.sum, h.count from (select 'RT1'::text as com_id, $1::text as pin_name) p
       cross join lateral ${pinSumCountSql('p', '$2::timestamptz', '$3::timestamptz')} h`,
    [pin, from, end],
  );
  const r = rows[0];
  return r ? { sum: Number(r.sum), count: Number(r.count) } : null;
}

/** The same from the rows themselves. */
async function direct(pin: string, from: Date, end: Date) {
  const { rows } = await t.pool.query<{ sum: number | null; count: string | null }>(
    `select sum(sum) as sum, sum(count) as count from telemetry_hourly
      where com_id = 'RT1' and pin_name = $1 and hour >= $2 and hour < $3`,
    [pin, from, end],
  );
  const r = rows[0];
  return r?.count ? { sum: Number(r.sum), count: Number(r.count) } : null;
}

const WINDOWS: [number, number][] = [
  [0, 6], // every hour
  [1, 4], // inside
  [2, 3], // one hour
  [3.5, 5.5], // instants inside hours: the hours starting in it
  [2, 3.5],
  [6, 9], // after every hour: none
  [-3, 0], // before: none
];

async function expectWindowsEqualRows() {
  for (const pin of ['am4', 'am5'])
    for (const [a, b] of WINDOWS) {
      const got = await window(pin, at(a), at(b));
      const want = await direct(pin, at(a), at(b));
      if (want === null) expect(got, `${pin} [${a}, ${b})`).toBeNull();
      else {
        expect(got?.count, `${pin} [${a}, ${b})`).toBe(want.count);
        expect(got?.sum).toBeCloseTo(want.sum, 9);
      }
    }
}

describe('running totals of the hourly rollups', () => {
  it('are the earlier hours’ sums, follow a late reading, and give every window’s sum and count', async () => {
    // Hours 0, 1, 2, 4 and 5 (none in hour 3); the clock after hour 5 has settled.
    await readings([
      [at(0, 5), 50],
      [at(0, 35), 52],
      [at(1, 10), 48],
      [at(2, 0), 47],
      [at(2, 59), 53],
      [at(4, 30), 49],
      [at(5, 1), 51],
    ]);
    t.clock.set(at(6, 20));
    // Two runs: the second continues the first's totals from the pin's last row before it.
    expect(await rollupTelemetry(t.pool, t.clock, { maxHours: 21 })).toBe(21);
    await rollupTelemetry(t.pool, t.clock);
    const first = await hours();
    expect(first.filter((r) => r.pin === 'am4').map((r) => r.hour)).toEqual([0, 1, 2, 4, 5]);
    expectTotalsOfEarlierRows(first);
    await expectWindowsEqualRows();

    // A late reading of hour 1 (stored at 6:40, it marks hour 1 dirty): the later hours' totals move
    // with it. Then one of the empty hour 3: a new row between others.
    const late = async (ts: Date, v: number, stored: Date) => {
      await writeAll(
        t.pool,
        {
          ...emptyWrites(),
          telemetry: [{ comId: 'RT1', ts, pinNames: ['am4', 'am5'], values: [v, v * 10] }],
        },
        [],
        stored,
        [],
      );
      t.clock.set(new Date(stored.getTime() + 21 * 60_000));
      await runHourlyRollups(t.pool, t.clock);
      return hours();
    };
    const moved = await late(at(1, 50), 40, at(6, 40));
    expect(moved.filter((r) => r.pin === 'am4').map((r) => r.hour)).toEqual([0, 1, 2, 4, 5]);
    expect(moved.find((r) => r.pin === 'am4' && r.hour === 1)?.count).toBe(2);
    expectTotalsOfEarlierRows(moved);
    await expectWindowsEqualRows();
    const between = await late(at(3, 15), 45, at(6, 50));
    expect(between.filter((r) => r.pin === 'am4').map((r) => r.hour)).toEqual([0, 1, 2, 3, 4, 5]);
    expectTotalsOfEarlierRows(between);
    await expectWindowsEqualRows();
  });

  it('are filled for rows without them, and windows read the rows meanwhile', async () => {
    // Rows without totals (as before migration 0910): every window still equals the rows.
    await t.pool.query(`update telemetry_hourly set run_sum = null, run_count = null where com_id = 'RT1'`);
    await expectWindowsEqualRows();
    // Only the earlier hours missing: the rows after them get none from the hourly rollup either.
    await readings([[at(7, 10), 44]]);
    t.clock.set(at(8, 20));
    await rollupTelemetry(t.pool, t.clock);
    const { rows } = await t.pool.query(
      `select count(*)::int as n from telemetry_hourly where com_id = 'RT1' and run_sum is not null`,
    );
    expect(rows[0].n).toBe(0);
    await expectWindowsEqualRows();
    expect(await fillRunningTotals(t.pool)).toBe(1);
    const filled = await hours();
    expect(filled.every((r) => r.run_sum !== null && r.run_count !== null)).toBe(true);
    expectTotalsOfEarlierRows(filled);
    await expectWindowsEqualRows();
    expect(await fillRunningTotals(t.pool)).toBe(0);
  });
});
