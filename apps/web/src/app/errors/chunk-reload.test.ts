import { describe, expect, it } from 'vitest';
import { installBrowserGlobals } from '../../lib/test-browser-globals.ts';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload.ts';

const { reloads } = installBrowserGlobals();

describe('chunk-load failure (docs/requirements.md#chunk-reload)', () => {
  it('recognises the browsers’ dynamic import errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once, then not again within 60 s', () => {
    const t0 = 1_000_000;
    expect(reloadForChunkError(t0)).toBe(true);
    expect(reloadForChunkError(t0 + 59_999)).toBe(false);
    expect(reloadForChunkError(t0 + 60_000)).toBe(true);
    expect(reloads()).toBe(2);
  });
});
