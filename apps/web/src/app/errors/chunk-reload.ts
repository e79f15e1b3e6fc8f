import { mayReloadAfterChunkError } from '@towerwatch/domain';

const KEY = 'towerwatch.chunk-reload-at';

/** True for the errors browsers raise when a lazily loaded chunk is gone (e.g. after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** A chunk-load failure reloads the page, at most once per 60 s (docs/requirements.md#chunk-reload, rule in the domain). */
export function reloadForChunkError(now = Date.now()): boolean {
  const stored = sessionStorage.getItem(KEY);
  if (!mayReloadAfterChunkError(stored === null ? null : Number(stored), now)) return false;
  sessionStorage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}
