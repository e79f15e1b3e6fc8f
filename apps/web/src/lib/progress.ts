import { PROGRESS_BAR } from '@towerwatch/domain';

/**
 * The top progress bar that follows requests (docs/requirements.md#progress-bar: throttle 200 ms). A request that
 * finishes within 200 ms never shows the bar; requests can opt out entirely (`progress: false`).
 *
 * The bar is whatever the mounted app attaches ({@link attachProgressBar}: `RequestProgressBar` attaches
 * Mantine's nprogress while it is mounted). Without one (no app on screen, unit tests) requests are only
 * counted: no throttle timer starts, and the bar's own interval cannot outlive the component that shows it.
 */
export interface ProgressBar {
  start(): void;
  complete(): void;
  /** Stops the bar at once: clears its interval and pending timeouts. */
  reset(): void;
}

let bar: ProgressBar | null = null;
let active = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let shown = false;

function clearThrottle(): void {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
}

/**
 * Attaches the bar that shows request progress; the returned function detaches it, cancelling the
 * throttle timer and resetting the bar (call it when the bar unmounts).
 */
export function attachProgressBar(next: ProgressBar): () => void {
  bar = next;
  return () => {
    if (bar !== next) return;
    clearThrottle();
    shown = false;
    bar = null;
    next.reset();
  };
}

/** Call when a tracked request starts; returns the function to call when it ends. */
export function trackRequest(): () => void {
  active += 1;
  if (bar !== null && active === 1 && !shown && timer === null) {
    timer = setTimeout(() => {
      timer = null;
      if (active > 0 && bar !== null) {
        shown = true;
        bar.start();
      }
    }, PROGRESS_BAR.throttleMs);
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    active -= 1;
    if (active > 0) return;
    clearThrottle();
    if (shown) {
      shown = false;
      bar?.complete();
    }
  };
}
