// @vitest-environment happy-dom
import { messages, type User } from '@bridge/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { ProfilePage } from './profile-page';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyInfo: vi.fn(), notifyError: vi.fn() }));
const notify = await import('../../lib/notify');

const user: User = {
  uid: 'u1',
  displayName: 'Ann Example',
  email: 'ann@example.com',
  emailVerified: true,
  photoUrl: null,
  phoneNumber: null,
  contact: '+919876543210',
  bfiId: null,
  city: 'Pune',
  postalIndexNumber: '411001',
  role: 'player',
};

type Answer = { status?: number; body: unknown };

/** The user endpoint answers `user`; each update answers the next of `updates`. */
function serve(updates: Answer[] = []) {
  const calls: { type: string; value: string; currentPassword?: string }[] = [];
  const requests = recordRequests();
  server.use(
    http.get('/api/v1/user', () => jsonResponse({ result: user })),
    http.all('/api/v1/user/update', async ({ request }) => {
      calls.push((await request.json()) as (typeof calls)[number]);
      const answer = updates.shift() ?? { body: { result: { message: messages.profileUpdated, user } } };
      return jsonResponse(answer.body, answer.status ?? 200);
    }),
    http.all('/api/v1/user/logout', () => jsonResponse({ result: { message: 'ok' } })),
  );
  return { calls, requests };
}

const rowButton = (label: string) => screen.findByRole('button', { name: new RegExp(`^${label}`) });

async function openDialog(label: string) {
  await screen.findByText('Ann Example'); // the rows are enabled once the user is loaded
  fireEvent.click(await rowButton(label));
  return screen.findByRole('dialog', { name: label });
}

describe('ProfilePage', () => {
  it('lists the account information with each row a button', async () => {
    serve();
    renderApp(<ProfilePage />, { path: '/console/profile' });
    expect(await screen.findByRole('heading', { name: 'Account information' })).toBeTruthy();
    for (const label of ['Full Name', 'BFI or BBO number', 'Contact', 'City', 'Postal Index Number', 'Email', 'Password']) {
      expect(await rowButton(label)).toBeTruthy();
    }
    expect((await rowButton('Full Name')).textContent).toContain('Ann Example');
    expect((await rowButton('BFI or BBO number')).textContent).toContain('Not set');
  });

  it('saves a name and shows the success message with the updated user', async () => {
    const renamed = { ...user, displayName: 'Ann Rao' };
    const { calls } = serve([{ body: { result: { message: messages.profileUpdated, user: renamed } } }]);
    renderApp(<ProfilePage />, { path: '/console/profile' });
    const dialog = await openDialog('Full Name');
    const input = within(dialog).getByLabelText(/Full name/);
    expect((input as HTMLInputElement).value).toBe('Ann Example');
    fireEvent.change(input, { target: { value: '  Ann Rao ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(messages.profileUpdated));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([{ type: 'name', value: 'Ann Rao' }]);
    await waitFor(async () => expect((await rowButton('Full Name')).textContent).toContain('Ann Rao'));
  });

  it('lets the player choose to be found by directors: off at first, saved at once, and left as it was when refused', async () => {
    const { calls } = serve([
      { body: { result: { message: messages.profileUpdated, user: { ...user, findable: true } } } },
      { status: 429, body: { error: 'Too many attempts. Please wait 1 minute and try again.', code: 'rate_limited' } },
    ]);
    renderApp(<ProfilePage />, { path: '/console/profile' });
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: /Directors may find me/ });
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(messages.profileUpdated));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('switch', { name: /Directors may find me/ }).checked).toBe(true));
    fireEvent.click(screen.getByRole('switch', { name: /Directors may find me/ }));
    expect(await screen.findByText('Too many attempts. Please wait 1 minute and try again.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Directors may find me/ }).checked).toBe(true);
    expect(calls).toEqual([
      { type: 'findable', value: 'true' },
      { type: 'findable', value: 'false' },
    ]);
  });

  it('refuses an empty value without asking the server', async () => {
    const { calls } = serve();
    renderApp(<ProfilePage />, { path: '/console/profile' });
    const dialog = await openDialog('City');
    fireEvent.change(within(dialog).getByLabelText(/City/), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByText(messages.invalidName)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('checks the PIN is six digits before sending it', async () => {
    const { calls } = serve();
    renderApp(<ProfilePage />, { path: '/console/profile' });
    const dialog = await openDialog('Postal Index Number');
    fireEvent.change(within(dialog).getByLabelText(/Postal Index Number/), { target: { value: '4110' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByText('Please enter a valid 6-digit PIN code')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says only Indian contacts are accepted and shows the server reason under the field', async () => {
    serve([{ status: 400, body: { error: messages.invalidCountryCode, code: 'validation_failed' } }]);
    renderApp(<ProfilePage />, { path: '/console/profile' });
    const dialog = await openDialog('Contact');
    expect(within(dialog).getByText(/Only Indian contact numbers are accepted/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Contact number/), { target: { value: '+1 415 555 2671' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByText(messages.invalidCountryCode)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Contact' })).toBeTruthy();
  });

  it('asks for the current password and shows a wrong one under it', async () => {
    const { calls } = serve([{ status: 400, body: { error: messages.currentPasswordWrong, code: 'wrong_password' } }]);
    renderApp(<ProfilePage />, { path: '/console/profile' });
    const dialog = await openDialog('Password');
    fireEvent.change(within(dialog).getByLabelText(/Current password/), { target: { value: 'old password' } });
    expect(within(dialog).getByText(/^More than 8 characters\./)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/New password/), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByText(messages.passwordTooShort)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/New password/), { target: { value: 'eight ch' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByText(messages.passwordTooShort)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/New password/), { target: { value: 'a long new password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByText(messages.currentPasswordWrong)).toBeTruthy();
    expect(calls).toEqual([{ type: 'password', value: 'a long new password', currentPassword: 'old password' }]);
  });

  const withVerifyPage = () => [
    { path: '/console/profile', element: <ProfilePage /> },
    { path: '/verify-email', element: <p>verify page</p> },
  ];

  it('tells that a new email must be verified, sends the current password and goes to the verify-email page', async () => {
    const moved = { ...user, email: 'ann@new.example', emailVerified: false };
    const { calls } = serve([{ body: { result: { message: messages.profileUpdated, user: moved } } }]);
    renderApp(withVerifyPage(), { path: '/console/profile' });
    const dialog = await openDialog('Email');
    expect(within(dialog).getByText(/verify the new address again/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Current password/), { target: { value: 'my password' } });
    fireEvent.change(within(dialog).getByLabelText(/New email address/), { target: { value: 'ann@new.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('verify page')).toBeTruthy();
    expect(calls).toEqual([{ type: 'email', value: 'ann@new.example', currentPassword: 'my password' }]);
  });

  it('answers a blank new email with the email message, not the name one', async () => {
    const { calls } = serve([]);
    renderApp(withVerifyPage(), { path: '/console/profile' });
    const dialog = await openDialog('Email');
    fireEvent.change(within(dialog).getByLabelText(/Current password/), { target: { value: 'my password' } });
    fireEvent.change(within(dialog).getByLabelText(/New email address/), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByText(messages.emailRequired)).toBeTruthy();
    expect(within(dialog).queryByText(messages.invalidName)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks for the current password before changing the email, and shows a wrong one under it', async () => {
    const { calls } = serve([{ status: 400, body: { error: messages.currentPasswordWrong, code: 'wrong_password' } }]);
    renderApp(withVerifyPage(), { path: '/console/profile' });
    const dialog = await openDialog('Email');
    fireEvent.change(within(dialog).getByLabelText(/New email address/), { target: { value: 'ann@new.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByText(messages.passwordRequired)).toBeTruthy();
    expect(calls).toEqual([]);
    const current = within(dialog).getByLabelText(/Current password/);
    fireEvent.change(current, { target: { value: 'not my password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByText(messages.currentPasswordWrong)).toBeTruthy();
    expect(calls).toEqual([{ type: 'email', value: 'ann@new.example', currentPassword: 'not my password' }]);
    expect(document.activeElement).toBe(current); // the focus moves to the field in error
    expect(screen.getByRole('dialog', { name: 'Email' })).toBeTruthy();
    expect(screen.queryByText('verify page')).toBeNull();
  });

  const withLoginPage = () => [
    { path: '/console/profile', element: <ProfilePage /> },
    { path: '/login', element: <p>login page</p> },
  ];

  async function openDeleteDialog() {
    await screen.findByText('Ann Example');
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    return screen.findByRole('dialog', { name: 'Delete account' });
  }

  it('deletes the account with the current password and goes to the login page', async () => {
    const { calls } = serve([{ body: { result: { message: messages.accountDeleted, user: null } } }]);
    renderApp(withLoginPage(), { path: '/console/profile' });
    const dialog = await openDeleteDialog();
    expect(within(dialog).getByText(/score, replay and participant data/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Current password/), { target: { value: 'my password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(calls).toEqual([{ type: 'delete', value: '', currentPassword: 'my password' }]);
  });

  it('asks for the current password before deleting the account, and keeps the dialog open on a wrong one', async () => {
    const { calls, requests } = serve([{ status: 400, body: { error: messages.currentPasswordWrong, code: 'wrong_password' } }]);
    renderApp(withLoginPage(), { path: '/console/profile' });
    const dialog = await openDeleteDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText(messages.passwordRequired)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Current password/), { target: { value: 'not my password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText(messages.currentPasswordWrong)).toBeTruthy();
    expect(calls).toEqual([{ type: 'delete', value: '', currentPassword: 'not my password' }]);
    expect(screen.getByRole('dialog', { name: 'Delete account' })).toBeTruthy();
    expect(screen.queryByText('login page')).toBeNull();
    expect(requests.map(({ url }) => url)).not.toContain('/api/v1/user/logout');
  });

  it('shows another server error in the delete dialog and keeps it open', async () => {
    serve([{ status: 500, body: { error: messages.operationFailed, code: 'internal_error' } }]);
    renderApp(withLoginPage(), { path: '/console/profile' });
    const dialog = await openDeleteDialog();
    fireEvent.change(within(dialog).getByLabelText(/Current password/), { target: { value: 'my password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByText(messages.operationFailed)).toBeTruthy();
    expect(screen.queryByText('login page')).toBeNull();
  });
});
