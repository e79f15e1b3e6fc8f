/** Network information (not in every browser's typings). */
interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/**
 * Registers /sw.js with scope / (platform-core §7), except on 2g connections or with data-saver on.
 * Only in production builds: the dev server serves modules the worker must not cache.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (connection?.saveData || connection?.effectiveType?.includes('2g')) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
  });
}
