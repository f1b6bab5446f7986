// @vitest-environment happy-dom
import { messages } from '@bridge/api';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { LoginPage } from './login-page';

const user = {
  uid: 'u1',
  displayName: 'Ann Example',
  email: 'ann@example.com',
  emailVerified: true,
  photoUrl: null,
  phoneNumber: null,
  contact: null,
  bfiId: null,
  city: null,
  postalIndexNumber: null,
  role: 'player' as const,
};

function logIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('shows the server error text in a dialog when the credentials are wrong', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ error: messages.wrongCredentials, code: 'unauthorized' }, 401));
    renderApp(<LoginPage />, { path: '/login' });
    logIn('ann@example.com', 'not the password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messages.wrongCredentials);
    expect(screen.getByRole('dialog')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/login');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ann@example.com', password: 'not the password' });
  });

  it('shows the connection text when the server does not answer', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp(<LoginPage />, { path: '/login' });
    logIn('ann@example.com', 'a password');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.noConnection);
  });

  it('validates the email before calling the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderApp(<LoginPage />, { path: '/login' });
    logIn('not-an-email', 'x');
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('starts the session: a verified player goes to the console', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ result: user }));
    const { router } = renderApp(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/console', element: <p>console</p> },
      ],
      { path: '/login' },
    );
    logIn('ann@example.com', 'grand slam 7NT');
    expect(await screen.findByText('console')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console');
    expect(JSON.parse(window.localStorage.getItem('bridge.currentUser') ?? 'null')).toEqual(user);
  });

  it('starts the session: an unverified user is asked to verify the email first', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ result: { ...user, emailVerified: false } }));
    const { router } = renderApp(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/verify-email', element: <p>verify</p> },
      ],
      { path: '/login' },
    );
    logIn('ann@example.com', 'grand slam 7NT');
    expect(await screen.findByText('verify')).toBeTruthy();
    expect(router.state.location.search).toBe('?email=ann%40example.com');
  });
});
