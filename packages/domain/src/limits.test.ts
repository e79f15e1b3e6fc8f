import { describe, expect, it } from 'vitest';
import { initialSiteUid, mayReloadAfterChunkError, siteLoadPlan } from './limits.ts';

describe('site load (docs/requirements.md#site-load, docs/requirements.md#page-sizes)', () => {
  it('operators load 25 customers then 3000 sites', () => {
    expect(siteLoadPlan({ type: 'support' })).toEqual({
      kind: 'operator',
      customers: { page: 1, limit: 25 },
      siteLimit: 3000,
    });
  });

  it('others load 1000 sites', () => {
    expect(siteLoadPlan({ type: 'read_only' })).toEqual({ kind: 'user', siteLimit: 1000 });
  });

  it('opens the cookie site if present, else the first', () => {
    expect(initialSiteUid(['A', 'B'], 'B')).toBe('B');
    expect(initialSiteUid(['A', 'B'], 'Z')).toBe('A');
    expect(initialSiteUid([], 'Z')).toBeNull();
  });
});

describe('chunk reload (docs/requirements.md#chunk-reload)', () => {
  it('reloads at most once per 60 seconds', () => {
    expect(mayReloadAfterChunkError(null, 1000)).toBe(true);
    expect(mayReloadAfterChunkError(1000, 60_999)).toBe(false);
    expect(mayReloadAfterChunkError(1000, 61_000)).toBe(true);
  });
});
