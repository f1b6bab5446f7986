// @vitest-environment happy-dom
import { messages, type User } from '@bridge/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../router';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { storageKeys } from '../../lib/storage';
import { recordRequests, server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';

// Point 17 of issue 18: a signed-in user opening /login or /register goes where their session belongs, and the
// consoles' Log Out asks over the page the user was on.

// The routes below the query layout share the app's one query cache, and each test's router keeps running after
// its render is removed: empty the one and stop the other so that no test sees the user of the one before.
const rendered: ReturnType<typeof renderApp>[] = [];
const render = (initialEntry: string) => {
  const view = renderApp(routes, { initialEntry });
  rendered.push(view);
  return view;
};
afterEach(() => {
  for (const view of rendered.splice(0)) {
    view.queryClient.clear();
    view.router.dispose();
  }
  appQueryClient.clear();
  vi.restoreAllMocks();
});

const player: User = {
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
  role: 'player',
};
const admin: User = { ...player, uid: 'a1', displayName: 'Ada Admin', email: 'ada@example.com', role: 'admin' };

/** The session's user answers every user endpoint; the lists answer empty. */
function signedIn(user: User | null) {
  if (user) window.localStorage.setItem(storageKeys.currentUser, JSON.stringify(user));
  server.use(
    http.get(/\/user\/?$/, () => (user ? jsonResponse({ result: user }) : jsonResponse({ error: messages.notSignedIn, code: 'unauthorized' }, 401))),
    http.get('/api/*', () => jsonResponse({ result: { data: [], lastDocId: null } })),
  );
}

const where = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;

describe('a signed-in user on the sign-in pages', () => {
  it.each(['/login', '/register'])(
    'sends a player from %s to their console',
    async (from) => {
      signedIn(player);
      const { router } = render(from);
      await waitFor(() => expect(where(router).startsWith('/console')).toBe(true), { timeout: 10_000 });
    },
    15_000,
  );

  it('sends an admin to the admin console', async () => {
    signedIn(admin);
    const { router } = render('/login');
    await waitFor(() => expect(where(router).startsWith('/admin/console')).toBe(true), { timeout: 10_000 });
  }, 15_000);

  it('sends an unverified user to verify their email', async () => {
    signedIn({ ...player, emailVerified: false });
    const { router } = render('/register');
    await waitFor(() => expect(where(router)).toBe('/verify-email'), { timeout: 10_000 });
  }, 15_000);

  it('keeps the form when the kept session has ended, and asks nothing of a signed-out visitor', async () => {
    window.localStorage.setItem(storageKeys.currentUser, JSON.stringify(player));
    const ended = recordRequests();
    server.use(http.all('/api/*', () => jsonResponse({ error: messages.notSignedIn, code: 'unauthorized' }, 401)));
    const first = render('/login');
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(ended.length).toBeGreaterThan(0));
    expect(where(first.router)).toBe('/login');
    first.unmount();
    ended.splice(0);

    render('/register');
    expect(await screen.findByRole('button', { name: 'Sign Up' }, { timeout: 10_000 })).toBeTruthy();
    expect(ended).toHaveLength(0);
  }, 20_000);
});

describe('Log Out in the consoles', () => {
  it.each([
    ['/console/profile', player, 'Console navigation', 'Profile'],
    ['/admin/console/users', admin, 'Admin navigation', 'All Users'],
  ])(
    'asks over %s and Cancel leaves the user there',
    async (page, user, navigation, heading) => {
      signedIn(user);
      const { router } = render(page);
      const nav = await screen.findByRole('navigation', { name: navigation }, { timeout: 10_000 });
      expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 })).toBeTruthy();
      const landed = where(router);
      fireEvent.click(within(nav).getByRole('link', { name: 'Log Out' }));

      const dialog = await screen.findByRole('dialog', { name: messages.logoutTitle });
      expect(within(dialog).getByText(messages.confirmContinue)).toBeTruthy();
      expect(where(router)).toBe(landed);
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy(); // the page stays under the dialog

      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(where(router)).toBe(landed);
    },
    20_000,
  );
});
