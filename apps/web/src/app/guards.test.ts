import type { AuthUser } from '@towerwatch/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { installBrowserGlobals } from '../lib/test-browser-globals.ts';

installBrowserGlobals();
const { guarded, legacyLoader } = await import('./guards.ts');
const { queryClient } = await import('../lib/query-client.ts');
const { authKeys } = await import('../features/auth/index.ts');
const tokens = await import('../lib/token-store.ts');
const { ROUTES } = await import('@towerwatch/domain');

const user = (over: Partial<AuthUser>): AuthUser => ({
  uid: '100',
  username: 'u',
  name: 'U',
  email: null,
  phone: null,
  type: 'company',
  tenants: [],
  root_user_uid: null,
  company_id: 'ktbl',
  company_code: 'ktbl',
  logo: null,
  meta: { accessRoles: ['rms'] },
  scope: [],
  two_factor_enabled: false,
  created_at: '2025-01-01T00:00:00Z',
  ...over,
});

// The loaders read only the request's URL; a minimal object stands in for React Router's.
type LoaderArgs = Parameters<ReturnType<typeof guarded>>[0];
const at = (url: string) => ({ request: new Request(`http://localhost${url}`) }) as LoaderArgs;
const args = at('/somewhere');

async function outcome(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

function signInAs(over: Partial<AuthUser>) {
  tokens.setTokens('access', 'refresh');
  queryClient.setQueryData(authKeys.user(), user(over));
}

describe('route guards (docs/requirements.md#guards)', () => {
  beforeAll(() => signInAs({}));

  it('an unknown guard is a 500 "Unknown middleware ..."', async () => {
    const thrown = (await outcome(() => guarded('bogus')(args))) as {
      data: unknown;
      init: { status: number };
    };
    expect(thrown.data).toBe('Unknown middleware bogus');
    expect(thrown.init.status).toBe(500);
  });

  it('admin sends a company user to /dashboard; user sends sudo to /customer/sites', async () => {
    signInAs({ type: 'company' });
    const toDashboard = (await outcome(() => guarded('admin')(args))) as Response;
    expect(toDashboard.status).toBe(302);
    expect(toDashboard.headers.get('Location')).toBe('/dashboard');
    signInAs({ type: 'sudo' });
    // docs/requirements.md#home-page: guard 7 sends operators to /customer/sites.
    const toCustomerSites = (await outcome(() => guarded('user')(args))) as Response;
    expect(toCustomerSites.headers.get('Location')).toBe(ROUTES.customerSites);
    expect(await guarded('admin')(args)).toBeNull();
  });

  it('finance lets finance and sudo through and sends others to /', async () => {
    signInAs({ type: 'finance' });
    expect(await guarded('finance')(args)).toBeNull();
    signInAs({ type: 'superuser' });
    expect(((await outcome(() => guarded('finance')(args))) as Response).headers.get('Location')).toBe('/');
  });

  it('the ticket guard lets a URL naming its ticket through (a deep link, a reload); no id → /ticket', async () => {
    signInAs({ type: 'company' });
    expect(await guarded('ticket')(at('/ticket/details?id=42'))).toBeNull();
    const bounced = (await outcome(() => guarded('ticket')(at('/ticket/details')))) as Response;
    expect(bounced.headers.get('Location')).toBe(ROUTES.ticket);
  });

  it('the legacy dashboard needs the legacy role', async () => {
    signInAs({ meta: { accessRoles: ['rms'] } });
    expect(((await outcome(() => legacyLoader(args))) as Response).headers.get('Location')).toBe(
      '/dashboard',
    );
    signInAs({ meta: { accessRoles: ['rms', 'legacy'] } });
    expect(await legacyLoader(args)).toBeNull();
  });

  it('without a token every guarded route goes to /login', async () => {
    tokens.clearTokens();
    expect(((await outcome(() => guarded()(args))) as Response).headers.get('Location')).toBe('/login');
  });
});
