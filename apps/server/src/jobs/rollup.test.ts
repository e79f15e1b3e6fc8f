import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { emptyWrites } from '../ingest/batch-writes.ts';
import { writeAll } from '../ingest/persist.ts';
import { pruneIngestMessages, rollupTelemetry, runHourlyRollups } from './rollup.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('hourly telemetry rollup', () => {
  it('rolls up complete hours and recomputes the hour a late reading marked', async () => {
    t.clock.set('2025-06-10T12:20:00Z');
    const rows: [string, number][] = [
      ['2025-06-10T10:05:00Z', 50],
      ['2025-06-10T10:35:00Z', 52],
      ['2025-06-10T11:10:00Z', 48],
      ['2025-06-10T12:05:00Z', 47], // current, incomplete hour: not rolled up yet
    ];
    for (const [ts, v] of rows) {
      // One message with two pins: am4 and a second pin that must roll up on its own.
      await t.pool.query(
        `insert into telemetry (com_id, ts, pin_names, pin_values) values ('C1', $1, '{am4,am5}', array[$2::float8, $2::float8 * 10])`,
        [ts, v],
      );
    }
    expect(await rollupTelemetry(t.pool, t.clock)).toBeGreaterThan(0);
    const hourly = async (pin = 'am4') =>
      (
        await t.pool.query<{ hour: Date; min: number; max: number; sum: number; count: number }>(
          `select hour, min, max, sum, count from telemetry_hourly where com_id = 'C1' and pin_name = $1 order by hour`,
          [pin],
        )
      ).rows.map((r) => ({ ...r, hour: r.hour.toISOString() }));
    expect(await hourly()).toEqual([
      { hour: '2025-06-10T10:00:00.000Z', min: 50, max: 52, sum: 102, count: 2 },
      { hour: '2025-06-10T11:00:00.000Z', min: 48, max: 48, sum: 48, count: 1 },
    ]);
    // A late reading for 11:xx, stored by ingest at 12:40 (it marks 11:00 dirty), and 12:xx completing.
    await writeAll(
      t.pool,
      {
        ...emptyWrites(),
        telemetry: [{ comId: 'C1', ts: new Date('2025-06-10T11:50:00Z'), pinNames: ['am4'], values: [46] }],
      },
      [],
      new Date('2025-06-10T12:40:00Z'),
      [],
    );
    t.clock.set('2025-06-10T13:01:00Z');
    await runHourlyRollups(t.pool, t.clock);
    expect(await hourly()).toEqual([
      { hour: '2025-06-10T10:00:00.000Z', min: 50, max: 52, sum: 102, count: 2 },
      { hour: '2025-06-10T11:00:00.000Z', min: 46, max: 48, sum: 94, count: 2 },
      { hour: '2025-06-10T12:00:00.000Z', min: 47, max: 47, sum: 47, count: 1 },
    ]);
    expect(await hourly('am5')).toEqual([
      { hour: '2025-06-10T10:00:00.000Z', min: 500, max: 520, sum: 1020, count: 2 },
      { hour: '2025-06-10T11:00:00.000Z', min: 480, max: 480, sum: 480, count: 1 },
      { hour: '2025-06-10T12:00:00.000Z', min: 470, max: 470, sum: 470, count: 1 },
    ]);
  });

  it('prunes de-duplication ids older than the window', async () => {
    t.clock.set('2025-06-20T00:00:00Z');
    await t.pool.query(
      `insert into ingest_messages values ('C1', 'old', '2025-06-10T00:00:00Z'), ('C1', 'new', '2025-06-19T00:00:00Z')`,
    );
    expect(await pruneIngestMessages(t.pool, t.clock, 7)).toBe(1);
    const { rows } = await t.pool.query('select msg_id from ingest_messages');
    expect(rows).toEqual([{ msg_id: 'new' }]);
  });
});
