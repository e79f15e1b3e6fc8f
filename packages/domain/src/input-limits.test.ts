import { describe, expect, it } from 'vitest';
import {
  FREE_JSON_MAX_BYTES,
  FREE_JSON_MAX_DEPTH,
  FREE_JSON_MAX_KEYS,
  freeJsonProblem,
  isStorableText,
} from './input-limits.ts';

describe('input limits', () => {
  it('refuses text PostgreSQL cannot store: NUL and unpaired surrogates', () => {
    expect(isStorableText('Gulshan 🗼 ℌ')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\uD800')).toBe(false);
    expect(isStorableText('x\uDC00')).toBe(false);
  });

  it('caps free-form JSON by depth, keys and size, without recursion', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(freeJsonProblem(deep)).toContain('nested');
    let ok: unknown = {};
    for (let i = 1; i < FREE_JSON_MAX_DEPTH; i++) ok = { a: ok };
    expect(freeJsonProblem(ok)).toBeNull();
    const wide = Object.fromEntries(Array.from({ length: FREE_JSON_MAX_KEYS + 1 }, (_, i) => [`k${i}`, 1]));
    expect(freeJsonProblem(wide)).toContain('keys');
    expect(freeJsonProblem({ s: 'x'.repeat(FREE_JSON_MAX_BYTES) })).toContain('larger');
    expect(freeJsonProblem({ power: { nominal_load_a: { robi: 20 } }, list: [1, 'a', null] })).toBeNull();
  });
});
