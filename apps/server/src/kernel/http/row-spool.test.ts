/** The row spool: rows back as added or sorted by key (stable), across write chunks; close frees it. */
import { readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRowSpool } from './row-spool.ts';

const spoolFds = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).includes('towerwatch-spool-');
    } catch {
      return false;
    }
  }).length;

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

describe('row spool', () => {
  it('gives rows back in the order added, several times, across many write chunks', async () => {
    const spool = await createRowSpool<{ i: number; s: string }>();
    const rows = Array.from({ length: 5000 }, (_, i) => ({ i, s: `ü-${'x'.repeat(i % 50)}\n"` }));
    for (const r of rows) await spool.add(r, undefined);
    expect(spool.size).toBe(5000);
    expect(await all(spool.rows())).toEqual(rows);
    expect(await all(spool.rows())).toEqual(rows);
    await spool.close();
  });

  it('sorts by key, equal keys in the order added', async () => {
    const spool = await createRowSpool<{ id: number }, number>((a, b) => a - b);
    const keys = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 101);
    for (const [id, k] of keys.entries()) await spool.add({ id }, k);
    const got = (await all(spool.rows())).map((r) => r.id);
    const want = keys
      .map((k, id) => ({ k, id }))
      .sort((a, b) => a.k - b.k || a.id - b.id)
      .map((x) => x.id);
    expect(got).toEqual(want);
    await spool.close();
  });

  it('an empty spool has no rows; closing frees its file', async () => {
    const before = spoolFds();
    const spool = await createRowSpool<number>();
    expect(spoolFds()).toBe(before + 1);
    expect(await all(spool.rows())).toEqual([]);
    await spool.close();
    await spool.close();
    expect(spoolFds()).toBe(before);
  });
});
