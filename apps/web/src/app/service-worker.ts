/** Network information (not in every browser's typings). */
export interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** The service worker is skipped on 2g connections and with data-saver on (docs/requirements.md#service-worker). */
export function shouldRegisterServiceWorker(connection: NetworkInformationLike | undefined): boolean {
  return !connection?.saveData && !connection?.effectiveType?.includes('2g');
}

/**
 * Registers /sw.js with scope / (docs/requirements.md#service-worker) unless {@link shouldRegisterServiceWorker} says
 * no. Only in production builds: the dev server serves modules the worker must not cache.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!shouldRegisterServiceWorker(connection)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
  });
}
