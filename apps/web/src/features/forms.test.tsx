/**
 * @vitest-environment happy-dom
 *
 * Form validation that needs no server: the sign-in form (docs/requirements.md#sign-in-flow), the user
 * form of user management (docs/requirements.md#user-management) and the card editor of Manage Access.
 * Where a form shows the server's answer, `fetch` answers as the contract says the server does.
 */
import type { LoginReply } from '@towerwatch/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '../testing/demo-users.ts';
import { renderInApp } from '../testing/render.tsx';
import { CardEditor } from './access-manage/components/card-editor.tsx';
import { UserFormModal, type UserFormValues } from './admin/components/user-form-modal.tsx';
import { LoginPage } from './auth/pages/login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Types `text` into a field as a paste (one input event: quick on a busy machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function replyWith(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('the sign-in form', () => {
  const showLogin = () =>
    renderInApp(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
      </Routes>,
      { path: '/login' },
    );

  it('asks for the username and password before sending anything', async () => {
    const fetch = replyWith(500, {});
    vi.stubGlobal('fetch', fetch);
    showLogin();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your username and password.');
    await fill(user, screen.getByLabelText('Username'), 'ktbl');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your username and password.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('after the password of a 2FA user, asks for the 6-digit code and refuses fewer digits unsent', async () => {
    const fetch = replyWith(200, { two_factor_required: true } satisfies LoginReply);
    vi.stubGlobal('fetch', fetch);
    showLogin();
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText('Username'), 'otp.user');
    await fill(user, screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Two-step verification' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const boxes = within(screen.getByRole('group', { name: 'One-time password' })).getAllByRole('textbox');
    await user.click(boxes[0] as HTMLElement);
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter the 6-digit one-time password from your authenticator app.',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows a refused password as a clear error', async () => {
    vi.stubGlobal('fetch', replyWith(401, { message: 'invalid credentials' }));
    showLogin();
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText('Username'), 'ktbl');
    await fill(user, screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
  });
});

describe('the user form', () => {
  function showForm(manager: keyof typeof DEMO_USERS) {
    const onSave = vi.fn<(values: UserFormValues) => void>();
    renderInApp(
      <UserFormModal
        manager={DEMO_USERS[manager]}
        user={null}
        companies={[{ value: 'company-ktbl', label: 'KTBL' }]}
        busy={false}
        error={null}
        onClose={() => {}}
        onSave={onSave}
      />,
      { user: DEMO_USERS[manager] },
    );
    return { dialog: screen.getByRole('dialog', { name: 'New user' }), onSave };
  }
  /** The modal moves the focus into itself once open: typing before that would land elsewhere. */
  const focusSettled = (dialog: HTMLElement) =>
    waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

  it('creates a user only with a username of 3+, a name and a password of 8+; sends trimmed values', async () => {
    const { dialog, onSave } = showForm('ktbl');
    await focusSettled(dialog);
    const create = within(dialog).getByRole('button', { name: 'Create user' });
    const user = userEvent.setup({ delay: null });
    expect(create.hasAttribute('disabled')).toBe(true);
    await fill(user, within(dialog).getByLabelText(/^Username/), ' ab ');
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Field Engineer');
    await fill(user, within(dialog).getByLabelText(/^Password/), 'short');
    expect(create.hasAttribute('disabled')).toBe(true);
    await fill(user, within(dialog).getByLabelText(/^Username/), 'c');
    expect(create.hasAttribute('disabled')).toBe(true);
    await fill(user, within(dialog).getByLabelText(/^Password/), '-enough');
    expect(create.hasAttribute('disabled')).toBe(false);
    await user.click(within(dialog).getByRole('checkbox', { name: 'RMS' }));
    await user.click(create);
    expect(onSave).toHaveBeenCalledWith({
      username: 'ab c',
      password: 'short-enough',
      name: 'Field Engineer',
      email: null,
      type: 'employee',
      tenants: [],
      meta: { accessRoles: ['rms'] },
    });
  });

  it('offers a manager only the access roles it holds', async () => {
    const { dialog } = showForm('ktbl.employee');
    await focusSettled(dialog);
    for (const [role, held] of [
      ['ACS', true],
      ['RMS', true],
      ['Telegram', false],
      ['Manage Other Users', false],
      ['Legacy Dashboard', false],
      ['Alarm Settings', false],
    ] as const)
      expect(within(dialog).getByRole('checkbox', { name: role }).hasAttribute('disabled'), role).toBe(!held);
  });
});

describe('the card editor', () => {
  it('saves only with a card number, and shows the field the server refused under it', async () => {
    const fetch = replyWith(400, { message: 'card_number: at most 32 characters', field: 'card_number' });
    vi.stubGlobal('fetch', fetch);
    renderInApp(<CardEditor opened card={null} onClose={() => {}} onSaved={() => {}} />, {
      user: DEMO_USERS.ktbl,
    });
    const dialog = screen.getByRole('dialog', { name: 'New card' });
    const save = within(dialog).getByRole('button', { name: 'Save card' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup({ delay: null });
    await fill(user, within(dialog).getByLabelText(/^Card number/), '   ');
    expect(save.hasAttribute('disabled')).toBe(true);
    await fill(user, within(dialog).getByLabelText(/^Card number/), 'A1001');
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(save);
    await waitFor(() => expect(within(dialog).getByText('card_number: at most 32 characters')).toBeTruthy());
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
