// @vitest-environment happy-dom
import { messages } from '@bridge/api';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../testing/network';
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
    const requests = recordRequests();
    server.use(http.post('/api/v1/user/login', () => jsonResponse({ error: messages.wrongCredentials, code: 'unauthorized' }, 401)));
    renderApp(<LoginPage />, { path: '/login' });
    logIn('ann@example.com', 'not the password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messages.wrongCredentials);
    expect(screen.getByRole('dialog')).toBeTruthy();
    const login = requests[0]!;
    expect(login.url).toBe('/api/v1/user/login');
    expect(login.request.credentials).toBe('include');
    expect(login.body).toEqual({ email: 'ann@example.com', password: 'not the password' });
  });

  it('shows the connection text when the server does not answer', async () => {
    server.use(http.post('/api/v1/user/login', () => HttpResponse.error()));
    renderApp(<LoginPage />, { path: '/login' });
    logIn('ann@example.com', 'a password');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.noConnection);
  });

  it('validates the email before calling the server', async () => {
    const requests = recordRequests();
    renderApp(<LoginPage />, { path: '/login' });
    logIn('not-an-email', 'x');
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('starts the session: a verified player goes to the console', async () => {
    // Signed in, the console reads the user again.
    server.use(
      http.post('/api/v1/user/login', () => jsonResponse({ result: user })),
      http.get('/api/v1/user', () => jsonResponse({ result: user })),
    );
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
    const unverified = { ...user, emailVerified: false };
    server.use(
      http.post('/api/v1/user/login', () => jsonResponse({ result: unverified })),
      http.get('/api/v1/user', () => jsonResponse({ result: unverified })),
    );
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
