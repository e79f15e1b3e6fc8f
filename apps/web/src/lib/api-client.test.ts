import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals } from './test-browser-globals.ts';

installBrowserGlobals();
const { apiFetch } = await import('./api-client.ts');
const tokens = await import('./token-store.ts');

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('api client', () => {
  beforeAll(() => {
    tokens.setTokens('old-access', 'refresh-1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the Bearer token and refreshes once for concurrent 401s, then retries', async () => {
    tokens.setTokens('old-access', 'refresh-1');
    let refreshCalls = 0;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/user/auth/refresh') {
        refreshCalls++;
        expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'refresh-1' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { access_token: 'new-access', refresh_token: 'refresh-2' });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new-access' ? json(200, { ok: url }) : json(401, { message: 'token expired' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const replies = await Promise.all([
      apiFetch('/a'),
      apiFetch('/b', { query: { x: 1, list: ['p', 'q'] } }),
    ]);
    expect(replies).toEqual([{ ok: '/a' }, { ok: '/b?x=1&list=p%2Cq' }]);
    expect(refreshCalls).toBe(1);
    expect(tokens.getAccessToken()).toBe('new-access');
    expect(tokens.getRefreshToken()).toBe('refresh-2');
  });

  it('a refused refresh only raises the expired flag; the session stays', async () => {
    tokens.setTokens('old-access', 'refresh-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/user/auth/refresh' ? json(401, {}) : json(401, { message: 'no' }),
      ),
    );
    await expect(apiFetch('/a')).rejects.toMatchObject({ status: 401, message: 'no' });
    expect(tokens.isTokenExpired()).toBe(true);
    expect(tokens.getAccessToken()).toBe('old-access');
    expect(tokens.getRefreshToken()).toBe('refresh-1');
  });

  it('turns an error reply into an ApiError with the server message and field', async () => {
    tokens.setTokens('a', 'r');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { message: 'tenant is invalid', field: 'tenant' })),
    );
    await expect(apiFetch('/x')).rejects.toMatchObject({
      status: 400,
      message: 'tenant is invalid',
      field: 'tenant',
    });
  });
});
