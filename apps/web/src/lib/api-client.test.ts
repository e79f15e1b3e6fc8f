import { endpoint, fileReply } from '@towerwatch/contract';
import { PROGRESS_BAR } from '@towerwatch/domain';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { installBrowserGlobals } from './test-browser-globals.ts';

installBrowserGlobals();
const { apiCall, apiFileVariant } = await import('./api-client.ts');
const tokens = await import('./token-store.ts');

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Test endpoints (the client only reads method, path, public and the reply kind). */
const echo = endpoint({
  method: 'GET',
  path: '/test/echo',
  summary: 'echo',
  tags: [],
  query: z.object({
    x: z.coerce.number().optional(),
    list: z.array(z.string()).optional(),
    gone: z.string().nullish(),
  }),
  reply: z.object({ ok: z.string() }),
});
const plain = endpoint({
  method: 'GET',
  path: '/test/plain',
  summary: 'plain',
  tags: [],
  reply: z.unknown(),
});
const vendor = endpoint({
  method: 'POST',
  path: '/test/vendor/:id',
  summary: 'params and body',
  tags: [],
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string() }),
  reply: z.object({ id: z.string(), name: z.string() }),
});
const open = endpoint({
  method: 'POST',
  path: '/test/open',
  summary: 'public',
  tags: [],
  body: z.object({ a: z.number() }),
  reply: z.object({ auth: z.string() }),
  public: true,
});
const file = endpoint({
  method: 'POST',
  path: '/test/file',
  summary: 'file',
  tags: [],
  body: z.object({}),
  reply: fileReply('application/octet-stream'),
});
const report = endpoint({
  method: 'GET',
  path: '/test/report',
  summary: 'JSON, or a file with excel=yes',
  tags: [],
  query: z.object({ months: z.coerce.number(), excel: z.enum(['yes', 'no']).optional() }),
  reply: z.object({ rows: z.number() }),
  fileVariant: { param: 'excel', value: 'yes', reply: fileReply('application/octet-stream') },
});

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the Bearer token and refreshes once for concurrent 401s, then retries', async () => {
    tokens.setTokens('old-access', 'refresh-1');
    let refreshCalls = 0;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/user/auth/refresh') {
        refreshCalls++;
        expect(init.method).toBe('POST');
        expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'refresh-1' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { access_token: 'new-access', refresh_token: 'refresh-2' });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new-access' ? json(200, { ok: url }) : json(401, { message: 'token expired' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const replies = await Promise.all([
      apiCall(echo),
      apiCall(echo, { query: { x: 1, list: ['p', 'q'], gone: null } }),
    ]);
    expectTypeOf(replies[0]).toEqualTypeOf<{ ok: string }>();
    expect(replies).toEqual([{ ok: '/test/echo' }, { ok: '/test/echo?x=1&list=p%2Cq' }]);
    expect(refreshCalls).toBe(1);
    expect(tokens.getAccessToken()).toBe('new-access');
    expect(tokens.getRefreshToken()).toBe('refresh-2');
  });

  it('a request slower than the progress throttle starts no progress timer without a mounted bar', async () => {
    // No progress bar is mounted here (no DOM, no app): a slow request must not start one, nor leave
    // a timer that fires after the test (it once threw `window.clearInterval is not a function`).
    vi.useFakeTimers();
    try {
      tokens.setTokens('a', 'r');
      vi.stubGlobal(
        'fetch',
        vi.fn(
          () =>
            new Promise<Response>((resolve) =>
              setTimeout(() => resolve(json(200, { ok: 'slow' })), PROGRESS_BAR.throttleMs * 3),
            ),
        ),
      );
      const reply = apiCall(echo);
      await vi.advanceTimersByTimeAsync(PROGRESS_BAR.throttleMs * 3);
      expect(await reply).toEqual({ ok: 'slow' });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused refresh only raises the expired flag; the session stays', async () => {
    tokens.setTokens('old-access', 'refresh-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/user/auth/refresh' ? json(401, {}) : json(401, { message: 'no' }),
      ),
    );
    await expect(apiCall(plain)).rejects.toMatchObject({ status: 401, message: 'no' });
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
    await expect(apiCall(plain)).rejects.toMatchObject({
      status: 400,
      message: 'tenant is invalid',
      field: 'tenant',
    });
  });

  it("takes the method from the endpoint, fills the path's parameters and sends the JSON body", async () => {
    tokens.setTokens('a', 'r');
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      expect(init.method).toBe('POST');
      expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
      return json(200, { id: url, name: JSON.parse(String(init.body)).name });
    });
    vi.stubGlobal('fetch', fetchMock);
    const reply = await apiCall(vendor, { params: { id: 'a b' }, body: { name: 'Acme' } });
    expect(reply).toEqual({ id: '/test/vendor/a%20b', name: 'Acme' });
  });

  it('a public endpoint is sent without the token and a 401 is not refreshed', async () => {
    tokens.setTokens('a', 'r');
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      json(401, { message: `auth: ${(init.headers as Record<string, string>).Authorization ?? 'none'}` }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiCall(open, { body: { a: 1 } })).rejects.toMatchObject({
      status: 401,
      message: 'auth: none',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a file endpoint resolves to the bytes as a Blob', async () => {
    tokens.setTokens('a', 'r');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('PK', { status: 200, headers: { 'content-type': 'application/octet-stream' } }),
      ),
    );
    const blob = await apiCall(file, { body: {} });
    expectTypeOf(blob).toEqualTypeOf<Blob>();
    expect(await blob.text()).toBe('PK');
  });

  it("a file variant asks with its parameter and resolves to a Blob; its error carries the server's message", async () => {
    tokens.setTokens('a', 'r');
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return urls.length === 1
          ? new Response('PK', { status: 200, headers: { 'content-type': 'application/octet-stream' } })
          : json(400, { message: 'months: too many' });
      }),
    );
    const blob = await apiFileVariant(report, { query: { months: 3 } });
    expectTypeOf(blob).toEqualTypeOf<Blob>();
    expect(await blob.text()).toBe('PK');
    expect(urls[0]).toBe('/test/report?months=3&excel=yes');
    await expect(apiFileVariant(report, { query: { months: 99 } })).rejects.toMatchObject({
      status: 400,
      message: 'months: too many',
    });
  });
});
