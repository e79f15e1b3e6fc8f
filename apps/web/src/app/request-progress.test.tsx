/** @vitest-environment happy-dom */
import { PROGRESS_BAR } from '@towerwatch/domain';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackRequest } from '../lib/progress.ts';
import { renderInApp } from '../testing/render.tsx';
import { RequestProgressBar } from './request-progress.tsx';

const bar = () => document.querySelector('.mantine-Progress-root');

describe('the request progress bar', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a request slower than the throttle, and leaves no timer behind once unmounted', async () => {
    vi.useFakeTimers();
    const view = renderInApp(<RequestProgressBar />);
    const fast = trackRequest();
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_BAR.throttleMs - 50));
    fast();
    expect(bar()?.hasAttribute('data-mounted')).toBe(false);

    const slow = trackRequest();
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_BAR.throttleMs + 50));
    expect(bar()?.hasAttribute('data-mounted')).toBe(true);

    // Unmounted mid-request (a test ends, the app goes away): the bar's interval stops with it, and
    // neither the end of that request nor a new one starts a timer.
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
    slow();
    const later = trackRequest();
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_BAR.throttleMs * 3));
    expect(vi.getTimerCount()).toBe(0);
    later();
  });
});
