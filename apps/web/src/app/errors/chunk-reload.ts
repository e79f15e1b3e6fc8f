const KEY = 'towerwatch.chunk-reload-at';
/** A chunk-load failure reloads the page once, at most once per 60 seconds (platform-core §8). */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** True for the errors browsers raise when a lazily loaded chunk is gone (e.g. after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads unless a reload happened less than 60 s ago; returns whether it reloaded. */
export function reloadForChunkError(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  sessionStorage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}
