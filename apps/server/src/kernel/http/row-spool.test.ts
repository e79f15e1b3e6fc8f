/** The row spool: rows back as added or sorted by key (stable), across write chunks; close frees it. */
import { describe, expect, it } from 'vitest';
import { allRows, openSpools } from '../../../test/spooled.ts';
import { createRowSpool } from './row-spool.ts';

describe('row spool', () => {
  it('gives rows back in the order added, several times, across many write chunks', async () => {
    const spool = await createRowSpool<{ i: number; s: string }>();
    const rows = Array.from({ length: 5000 }, (_, i) => ({ i, s: `ü-${'x'.repeat(i % 50)}\n"` }));
    for (const r of rows) await spool.add(r, undefined);
    expect(spool.size).toBe(5000);
    expect(await allRows(spool)).toEqual(rows);
    expect(await allRows(spool)).toEqual(rows);
    await spool.close();
  });

  it('sorts by key, equal keys in the order added', async () => {
    const spool = await createRowSpool<{ id: number }, number>((a, b) => a - b);
    const keys = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 101);
    for (const [id, k] of keys.entries()) await spool.add({ id }, k);
    const got = (await allRows(spool)).map((r) => r.id);
    const want = keys
      .map((k, id) => ({ k, id }))
      .sort((a, b) => a.k - b.k || a.id - b.id)
      .map((x) => x.id);
    expect(got).toEqual(want);
    await spool.close();
  });

  it('an empty spool has no rows; closing frees its file', async () => {
    const before = openSpools();
    const spool = await createRowSpool<number>();
    expect(openSpools()).toBe(before + 1);
    expect(await allRows(spool)).toEqual([]);
    await spool.close();
    await spool.close();
    expect(openSpools()).toBe(before);
  });

  it('a reader of a spool closed under it stops with an error (no hang), sorted or not', async () => {
    for (const order of [undefined, (a: number, b: number) => a - b]) {
      const spool = await createRowSpool<{ i: number; pad: string }, number>(order);
      for (let i = 0; i < 20_000; i += 1) await spool.add({ i, pad: 'x'.repeat(50) }, -i);
      let read = 0;
      const reading = (async () => {
        for await (const _ of spool.rows()) {
          read += 1;
          if (read === 10) await spool.close();
        }
      })();
      await expect(reading).rejects.toThrow('the row spool is closed');
      expect(read).toBeLessThan(20_000);
      await expect(spool.add({ i: 0, pad: '' }, 0)).rejects.toThrow('the row spool is closed');
    }
  });
});
