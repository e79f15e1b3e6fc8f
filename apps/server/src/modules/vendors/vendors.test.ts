/**
 * Device vendors and API tokens: operators manage them, company users read their own company's
 * (another company's vendor is 404), tokens are shown once, listed without the secret, revocable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, user: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });

describe('device vendors', () => {
  it('creates, updates, filters by company, searches by name and deletes', async () => {
    const created = await call('POST', '/urms/admin/create-vendor', 'admin', {
      name: 'Ftb Volt Ltd',
      address: 'Dhaka',
      company_id: 'ftb',
    });
    expect(created.statusCode).toBe(200);
    const vendor = created.json().vendor;
    expect(vendor).toMatchObject({ name: 'Ftb Volt Ltd', company_id: 'ftb', devices: 0, active_tokens: 0 });
    const updated = await call('POST', '/urms/admin/create-vendor', 'ops', {
      uid: vendor.uid,
      name: 'FTB Volt Ltd',
      logo: '/logos/ftbvolt.png',
    });
    expect(updated.json().vendor).toMatchObject({
      name: 'FTB Volt Ltd',
      logo: '/logos/ftbvolt.png',
      address: 'Dhaka',
    });
    const byCompany = (await call('GET', '/urms/admin/vendor?company_id=ftb', 'admin')).json();
    expect(byCompany.items.map((v: { uid: string }) => v.uid)).toEqual([vendor.uid]);
    const searched = (await call('GET', '/urms/admin/vendor?search=volt', 'admin')).json();
    expect(searched.items.map((v: { name: string }) => v.name)).toContain('FTB Volt Ltd');

    // ktbl sees the vendors of every company and its own, not ftb's.
    const ktbl = (await call('GET', '/urms/admin/vendor', 'ktbl')).json();
    expect(ktbl.items.map((v: { uid: string }) => v.uid)).not.toContain(vendor.uid);
    expect((await call('GET', `/urms/admin/vendor?uid=${vendor.uid}`, 'ktbl')).statusCode).toBe(404);
    expect((await call('GET', `/urms/admin/vendor?uid=${vendor.uid}`, 'ftb')).statusCode).toBe(200);

    expect((await call('DELETE', `/urms/admin/delete-vendor/${vendor.uid}`, 'ktbl')).statusCode).toBe(403);
    const del = await call('DELETE', `/urms/admin/delete-vendor/${vendor.uid}`, 'admin');
    expect(del.json()).toEqual({ uid: vendor.uid });
    expect((await call('DELETE', `/urms/admin/delete-vendor/${vendor.uid}`, 'admin')).statusCode).toBe(404);
  });

  it('answers 400 naming the field for bad input', async () => {
    const badId = await call('DELETE', '/urms/admin/delete-vendor/bad%20id', 'admin');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('params.id');
    const noName = await call('POST', '/urms/admin/create-vendor', 'admin', { name: '' });
    expect(noName.json().field).toBe('body.name');
    const noCompany = await call('POST', '/urms/admin/create-vendor', 'admin', {
      name: 'X',
      company_id: 'nope',
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().field).toBe('body.company_id');
  });

  it('issues tokens shown once, lists them without the secret, several active, revocable', async () => {
    const { vendor } = (
      await call('POST', '/urms/admin/create-vendor', 'admin', { name: 'Token Vendor' })
    ).json();
    const first = (
      await call('POST', '/urms/admin/generate-api-token', 'admin', { vendor_uid: vendor.uid, name: 'A' })
    ).json();
    expect(first.token).toMatch(/^twv_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(first.info).toMatchObject({
      name: 'A',
      active: true,
      accepted: 0,
      rejected: 0,
      last_used_at: null,
    });
    expect(first.token.startsWith(first.info.prefix)).toBe(true);
    const second = (
      await call('POST', '/urms/admin/generate-api-token', 'ops', { vendor_uid: vendor.uid })
    ).json();
    const listed = (await call('GET', `/urms/admin/api-tokens?vendor_uid=${vendor.uid}`, 'admin')).json();
    expect(listed.items).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(first.token.slice(20));
    const stored = await t.pool.query('select secret_hash from vendor_tokens where id = $1', [first.info.id]);
    expect(stored.rows[0].secret_hash).not.toContain(first.token.slice(17));

    const revoked = (
      await call('POST', '/urms/admin/revoke-api-token', 'admin', { id: first.info.id })
    ).json();
    expect(revoked.info).toMatchObject({ active: false });
    expect(revoked.info.revoked_at).not.toBeNull();
    const after = (await call('GET', `/urms/admin/vendor?uid=${vendor.uid}`, 'admin')).json();
    expect(after.items[0].active_tokens).toBe(1);
    expect(second.info.active).toBe(true);

    const past = await call('POST', '/urms/admin/generate-api-token', 'admin', {
      vendor_uid: vendor.uid,
      expires_at: '2000-01-01T00:00:00Z',
    });
    expect(past.json().field).toBe('body.expires_at');
    expect(
      (await call('POST', '/urms/admin/generate-api-token', 'ktbl', { vendor_uid: vendor.uid })).statusCode,
    ).toBe(403);
  });
});
