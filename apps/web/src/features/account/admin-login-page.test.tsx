// @vitest-environment happy-dom
import { messages } from '@bridge/api';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { AdminLoginPage } from './admin-login-page';

const admin = {
  uid: 'a1',
  displayName: 'Ada Admin',
  email: 'ada@example.com',
  emailVerified: true,
  photoUrl: null,
  phoneNumber: null,
  contact: null,
  bfiId: null,
  city: null,
  postalIndexNumber: null,
  role: 'admin' as const,
};

const routes = [
  { path: '/admin/login', element: <AdminLoginPage /> },
  { path: '/admin/console', element: <p>admin console</p> },
];

describe('AdminLoginPage', () => {
  it('sends an admin who is already signed in straight to the console', async () => {
    const requests = recordRequests();
    server.use(http.get('/api/admin/v1/user/', () => jsonResponse({ result: admin })));
    const { router } = renderApp(routes, { path: '/admin/login' });
    expect(await screen.findByText('admin console')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/console');
    expect(requests[0]!.url).toBe('/api/admin/v1/user/');
  });

  it.each([
    ['signed out', 401, messages.notSignedIn],
    ['a player', 403, messages.adminOnly],
  ])('shows the form to a visitor %s', async (_who, status, error) => {
    server.use(http.get('/api/admin/v1/user/', () => jsonResponse({ error, code: 'x' }, status)));
    const { router } = renderApp(routes, { path: '/admin/login' });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});
