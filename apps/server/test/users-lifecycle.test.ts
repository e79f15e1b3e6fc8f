/**
 * Issue 34 finding 9: nobody disables or deletes themselves or a user of a higher type, and the last
 * active root of a company is never disabled, deleted or demoted (docs/requirements.md#user-management).
 */
import { adminEndpoints } from '@towerwatch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const COMPANY_SAVE = adminEndpoints.companySave.path;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function post(username: string, url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, headers: await t.auth(username), payload: payload as object });
}
const disabled = async (username: string) =>
  (await t.container.repos.users.findByUsername(username))?.disabled;

describe('nobody disables or deletes themselves', () => {
  it('the company root, a superuser and sudo cannot disable themselves', async () => {
    for (const [username, uid] of [
      ['ktbl', '100'],
      ['super', '101'],
      ['admin', '1'],
    ] as const) {
      const res = await post(username, '/user/auth/update', { uid, disabled: true });
      expect(res.statusCode, username).toBe(403);
      expect(res.json().message).toBe('You may not disable yourself');
      expect(await disabled(username)).toBe(false);
      const del = await post(username, '/user/auth/delete', { uid });
      expect(del.statusCode, username).toBe(403);
      expect(del.json().message).toBe('You may not delete yourself');
    }
  });

  it('a user may still edit its own name, and re-enabling oneself is no change', async () => {
    expect((await post('ktbl', '/user/auth/update', { uid: '100', name: 'KTBL Ltd' })).statusCode).toBe(200);
    expect((await post('ktbl', '/user/auth/update', { uid: '100', disabled: false })).statusCode).toBe(200);
  });
});

describe('nobody disables or deletes a user of a higher type', () => {
  it('the company root (type company) cannot disable, delete or edit its superuser', async () => {
    for (const payload of [
      { uid: '101', disabled: true },
      { uid: '101', name: 'x' },
    ]) {
      const res = await post('ktbl', '/user/auth/update', payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/superuser/);
    }
    const del = await post('ktbl', '/user/auth/delete', { uid: '101' });
    expect(del.statusCode).toBe(403);
    expect(await disabled('super')).toBe(false);
  });
});

describe('the last active root of a company', () => {
  it('sudo cannot disable, demote or delete it; with a second active root it may', async () => {
    const off = await post('admin', '/user/auth/update', { uid: '100', disabled: true });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({
      field: 'body.disabled',
      message: 'ktbl is the last active root user of its company: it cannot be disabled',
    });
    expect(await disabled('ktbl')).toBe(false);
    const demote = await post('admin', '/user/auth/update', { uid: '100', type: 'employee' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toMatchObject({ field: 'body.type' });
    expect((await t.container.repos.users.findByUsername('ktbl'))?.type).toBe('company');

    // A company with one root and nothing else: deleting that root is refused too.
    const company = await post('admin', COMPANY_SAVE, { code: 'lone', name: 'Lone Ltd', label: 'Lone' });
    expect(company.statusCode).toBe(200);
    const root = await post('admin', '/user/auth/signup', {
      username: 'lone.root',
      password: 'password-123',
      name: 'Lone',
      type: 'company',
      company_id: 'lone',
    });
    expect(root.statusCode).toBe(200);
    const rootUid = root.json().uid as string;
    const del = await post('admin', '/user/auth/delete', { uid: rootUid });
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toMatch(/last active root user/);

    // A second active root: now the first may be disabled (and enabled again).
    const second = await post('admin', '/user/auth/signup', {
      username: 'lone.root2',
      password: 'password-123',
      name: 'Lone 2',
      type: 'company',
      company_id: 'lone',
    });
    expect(second.statusCode).toBe(200);
    expect((await post('admin', '/user/auth/update', { uid: rootUid, disabled: true })).statusCode).toBe(200);
    // ... and the other is the last active one now.
    const last = await post('admin', '/user/auth/delete', { uid: second.json().uid });
    expect(last.statusCode).toBe(400);
    expect((await post('admin', '/user/auth/delete', { uid: rootUid })).statusCode).toBe(200);
  });
});
