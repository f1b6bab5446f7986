// @vitest-environment happy-dom
import type { User } from '@bridge/api';
import { configure, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/network';
import { jsonResponse, renderApp } from '../../../testing/render-app';
import { ConsoleLayout } from '../../layouts/console-layout';
import { consoleRoutes } from './routes';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.restoreAllMocks());

const user: User = {
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

describe('Directing in the console', () => {
  it('is in the menu of a verified player and opens the list of their events', async () => {
    server.use(
      http.get('/api/v1/user', () => jsonResponse({ result: user })),
      http.get('/api/v1/direct/events', () => jsonResponse({ result: { preparation: [], play: [], complete: [] } })),
    );
    renderApp([{ path: '/console', element: <ConsoleLayout />, children: consoleRoutes, HydrateFallback: () => null }], {
      initialEntry: '/console/direct',
    });
    const nav = await screen.findByRole('navigation', { name: 'Console navigation' });
    const item = within(nav).getByRole('link', { name: 'Directing' });
    expect(item.getAttribute('href')).toBe('/console/direct');
    expect(item.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Directing' })).toBeTruthy();
    expect(await screen.findByText('You have no events yet')).toBeTruthy();
  });
});
