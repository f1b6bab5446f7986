// @vitest-environment happy-dom
import { messages, type User } from '@bridge/api';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../router';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { storageKeys } from '../../lib/storage';
import { server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';

// An unknown address inside a layout shows the not-found texts inside that layout's frame (its navigation stays)
// with a way back to that area's home, not the public site's 404.

const rendered: ReturnType<typeof renderApp>[] = [];
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

/** The session's user answers every user endpoint; anything else answers an empty list. */
function signedIn(user: User) {
  window.localStorage.setItem(storageKeys.currentUser, JSON.stringify(user));
  server.use(
    http.get(/\/user\/?$/, () => jsonResponse({ result: user })),
    http.get('/api/*', () => jsonResponse({ result: { data: [], lastDocId: null } })),
  );
}

describe('not found inside a layout', () => {
  it.each([
    ['the admin console', admin, '/admin/console/no-such-page', 'Back to the admin console', '/admin/console', 'Dashboard'],
    ['the console', player, '/console/no/such/page', 'Back to your console', '/console', 'Profile'],
  ])(
    'keeps %s around the 404 and leads back into it',
    async (_area, user, address, label, home, navigationItem) => {
      signedIn(user);
      rendered.push(renderApp(routes, { initialEntry: address }));
      expect(await screen.findByRole('heading', { name: messages.notFoundTitle }, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe(home);
      // The layout's own navigation is still there, and the public site's way home is not.
      expect(screen.getAllByRole('link', { name: new RegExp(navigationItem) }).length).toBeGreaterThan(0);
      expect(screen.queryByRole('link', { name: 'Go Back Home' })).toBeNull();
    },
    15_000,
  );
});
