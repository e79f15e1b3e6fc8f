import { nprogress } from '@mantine/nprogress';
import { PROGRESS_BAR } from '@towerwatch/domain';

/**
 * The top progress bar that follows requests (docs/requirements.md#progress-bar: throttle 200 ms). A request that
 * finishes within 200 ms never shows the bar; requests can opt out entirely (`progress: false`).
 */
let active = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let shown = false;

/** Call when a tracked request starts; returns the function to call when it ends. */
export function trackRequest(): () => void {
  active += 1;
  if (active === 1 && !shown && timer === null) {
    timer = setTimeout(() => {
      timer = null;
      if (active > 0) {
        shown = true;
        nprogress.start();
      }
    }, PROGRESS_BAR.throttleMs);
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    active -= 1;
    if (active > 0) return;
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (shown) {
      shown = false;
      nprogress.complete();
    }
  };
}
