import { describe, expect, it } from 'vitest';
import {
  chartLabelFormat,
  dropdownOpensUpward,
  isSpinnerSize,
  PROGRESS_BAR,
  TOAST,
  toggleSortDirection,
} from './ui.ts';

describe('UI constants (platform-core §5, §7, §8, §9)', () => {
  it('toasts top-center for 3000 ms; progress bar 200/5000 ms', () => {
    expect(TOAST).toEqual({ position: 'top-center', autoCloseMs: 3000 });
    expect(PROGRESS_BAR).toEqual({ throttleMs: 200, durationMs: 5000 });
  });

  it('spinner size must be xs, sm, md or lg', () => {
    expect(isSpinnerSize('md')).toBe(true);
    expect(isSpinnerSize('xl')).toBe(false);
    expect(isSpinnerSize(undefined)).toBe(false);
  });

  it('dropdown flips upward only below 80% of the window', () => {
    expect(dropdownOpensUpward(801, 1000)).toBe(true);
    expect(dropdownOpensUpward(800, 1000)).toBe(false);
  });

  it('chart labels: hours under a day, else day month', () => {
    expect(chartLabelFormat(60)).toBe('h:mm aa');
    expect(chartLabelFormat(1440)).toBe('d MMM');
  });

  it('sort toggles between descending and ascending', () => {
    expect(toggleSortDirection('desc')).toBe('asc');
    expect(toggleSortDirection('asc')).toBe('desc');
  });
});
