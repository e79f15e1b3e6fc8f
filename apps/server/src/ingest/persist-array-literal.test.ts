/**
 * The batch statement's array parameters (persist-records.ts `arrayLiteral`) reach PostgreSQL as the
 * same values pg's own array encoding gives, for every element type the ingest writes — Dates to the
 * millisecond, nulls, odd strings — and an invalid Date is a data error (class 22), as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { arrayLiteral } from './persist-records.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

/** The array as PostgreSQL holds it, sent as our literal and as pg's encoding of the JS array. */
async function bothWays(items: unknown[], type: string) {
  const ours = await t.pool.query<{ a: unknown }>(`select $1::${type} as a`, [arrayLiteral(items)]);
  const pgs = await t.pool.query<{ a: unknown }>(`select $1::${type} as a`, [items]);
  return { ours: ours.rows[0]?.a, pgs: pgs.rows[0]?.a };
}

describe('array parameters of the ingest statement', () => {
  it('timestamptz[]: every millisecond, nulls, years apart', async () => {
    const dates = [
      new Date(Date.UTC(2026, 11, 7, 14, 0, 0, 123)),
      null,
      new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 1)),
      new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999)),
      new Date(0),
    ];
    const { ours, pgs } = await bothWays(dates, 'timestamptz[]');
    expect(ours).toEqual(dates);
    expect(ours).toEqual(pgs);
    const { rows } = await t.pool.query<{ ms: string[] }>(
      `select array(select (extract(epoch from x) * 1000)::bigint::text from unnest($1::timestamptz[]) x) as ms`,
      [arrayLiteral([new Date(1_765_116_000_007)])],
    );
    expect(rows[0]?.ms).toEqual(['1765116000007']);
  });

  it('text[] and jsonb[]: quotes, backslashes, commas, braces, the word NULL, empty, unicode', async () => {
    const odd = ['a"b', 'back\\slash', 'com,ma', '{brace}', 'NULL', '', 'sp ace', 'ünï ✓', null, '\\"'];
    const text = await bothWays(odd, 'text[]');
    expect(text.ours).toEqual(odd);
    expect(text.ours).toEqual(text.pgs);
    const json = [JSON.stringify({ v: 'x"y\\z' }), null, '1.5', JSON.stringify([1, 'a,b'])];
    const j = await bothWays(json, 'jsonb[]');
    expect(j.ours).toEqual(j.pgs);
    expect(j.ours).toEqual([{ v: 'x"y\\z' }, null, 1.5, [1, 'a,b']]);
  });

  it('float8[], int[], bool[]: values bit for bit', async () => {
    const values = [230.12, -0.5, 1e-7, 123456789.125, 0.1 + 0.2, 1e21, null, 0, -1e-300];
    const f = await bothWays(values, 'float8[]');
    expect(f.ours).toEqual(f.pgs);
    expect(f.ours).toEqual(values);
    const i = await bothWays([1, -2, null, 2_147_483_647], 'int[]');
    expect(i.ours).toEqual([1, -2, null, 2_147_483_647]);
    const b = await bothWays([true, false, null], 'bool[]');
    expect(b.ours).toEqual([true, false, null]);
  });

  it('an invalid Date is refused by PostgreSQL as data (class 22), not thrown before the statement', async () => {
    const literal = arrayLiteral([new Date(Number.NaN)]);
    const err = await t.pool.query(`select $1::timestamptz[]`, [literal]).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toMatch(/^22/);
  });

  it('refuses element types it does not encode', () => {
    expect(() => arrayLiteral([{ a: 1 }])).toThrow(TypeError);
    expect(() => arrayLiteral([[1, 2]])).toThrow(TypeError);
  });
});
