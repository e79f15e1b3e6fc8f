import { COOKIE_PATH } from '@towerwatch/domain';

/** Writes a cookie with path '/' (docs/requirements.md#auth-storage: cookie path '/'); maxAge 0 deletes it. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  if (typeof document === 'undefined') return;
  const age = maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${name}=${encodeURIComponent(value)}; path=${COOKIE_PATH}${age}; samesite=lax`;
}

/** Reads a cookie, or null when it is not set. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split('; ')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at) === name) return decodeURIComponent(part.slice(at + 1));
  }
  return null;
}
