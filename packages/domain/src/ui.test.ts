import { describe, expect, it } from 'vitest';
import { PROGRESS_BAR, TOAST, toggleSortDirection } from './ui.ts';

describe('UI constants (docs/requirements.md#validation, docs/requirements.md#api-calls, docs/requirements.md#errors, docs/requirements.md#constants)', () => {
  it('toasts top-center for 3000 ms; progress bar 200/5000 ms', () => {
    expect(TOAST).toEqual({ position: 'top-center', autoCloseMs: 3000 });
    expect(PROGRESS_BAR).toEqual({ throttleMs: 200, durationMs: 5000 });
  });

  it('sort toggles between descending and ascending', () => {
    expect(toggleSortDirection('desc')).toBe('asc');
    expect(toggleSortDirection('asc')).toBe('desc');
  });
});
