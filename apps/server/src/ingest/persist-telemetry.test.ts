/**
 * The telemetry rows of a batch (persist-records.ts `telemetryCtes`, typed parameters) are stored
 * exactly as given: device time to the millisecond, pin names however odd, values bit for bit, per
 * row whatever its pin set and length, in both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { emptyWrites, type TelemetryRow } from './batch-writes.ts';
import { writeAll } from './persist.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

async function stored(comIds: string[]) {
  const { rows } = await t.pool.query<{
    com_id: string;
    ms: string;
    pin_names: string[];
    pin_values: number[];
  }>(
    `select com_id, (extract(epoch from ts) * 1000)::bigint::text as ms, pin_names, pin_values
       from telemetry where com_id = any($1) order by com_id, ts`,
    [comIds],
  );
  return rows.map((r) => ({
    comId: r.com_id,
    ms: Number(r.ms),
    pinNames: r.pin_names,
    values: r.pin_values,
  }));
}

describe('telemetry writes', () => {
  it('stores every row as given, with mixed pin sets and odd names', async () => {
    const base = Date.UTC(2026, 10, 20, 10, 0, 0, 123);
    const odd = ['am1', 'a"b', 'back\\slash', 'com,ma', '{brace}', 'sp ace', 'ünï', 'NULL'];
    const rows: TelemetryRow[] = [
      { comId: 'PT0001', ts: new Date(base), pinNames: ['am1', 'am2'], values: [230.12, -0.5] },
      {
        comId: 'PT0001',
        ts: new Date(base + 60_001),
        pinNames: ['am1', 'am2'],
        values: [1e-7, 123456789.125],
      },
      { comId: 'PT0002', ts: new Date(base + 999), pinNames: odd, values: [0, 1, 2.5, -3, 4, 5, 6, 7] },
      { comId: 'PT0003', ts: new Date(base + 1), pinNames: ['di1'], values: [1] },
      { comId: 'PT0003', ts: new Date(base + 2), pinNames: ['am1', 'am2'], values: [0.1 + 0.2, 53.57] },
    ];
    const w = { ...emptyWrites(), telemetry: rows, values: 15 };
    await writeAll(t.pool, w, [], new Date(base), []);
    const expected = rows
      .map((r) => ({ comId: r.comId, ms: r.ts.getTime(), pinNames: r.pinNames, values: r.values }))
      .sort((a, b) => a.comId.localeCompare(b.comId) || a.ms - b.ms);
    expect(await stored(['PT0001', 'PT0002', 'PT0003'])).toEqual(expected);
  });

  it('writes the rows together with the claims of the same statement', async () => {
    const ts = new Date(Date.UTC(2026, 10, 21, 0, 0, 0));
    const rows: TelemetryRow[] = [{ comId: 'PT0010', ts, pinNames: ['am4'], values: [31.5] }];
    const first = await writeAll(
      t.pool,
      { ...emptyWrites(), telemetry: rows, values: 1 },
      [{ comId: 'PT0010', msgId: 'm1' }],
      ts,
      [],
      true,
    );
    expect(first.claimed).toBe(1);
    // A redelivery on the strict path aborts the whole statement: no second telemetry row.
    await expect(
      writeAll(
        t.pool,
        { ...emptyWrites(), telemetry: rows, values: 1 },
        [{ comId: 'PT0010', msgId: 'm1' }],
        ts,
        [],
        true,
      ),
    ).rejects.toMatchObject({ code: 'TW001' });
    expect(await stored(['PT0010'])).toEqual([
      { comId: 'PT0010', ms: ts.getTime(), pinNames: ['am4'], values: [31.5] },
    ]);
  });
});
